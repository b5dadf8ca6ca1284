// [END CHAT] asks first: ending deletes the conversation for both members and cannot be undone.
import { NameInLine } from '../member-name.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';

export interface EndChatDialogProps {
  partnerName: string;
  returnFocusTo: HTMLElement | null;
  onClose: () => void;
  onEnd: () => void;
}

export function EndChatDialog({ partnerName, returnFocusTo, onClose, onEnd }: EndChatDialogProps) {
  return (
    <ConfirmDialog
      returnFocusTo={returnFocusTo}
      title={<NameInLine before="End the chat with " name={partnerName} after="?" />}
      description="The messages will be gone for both of you. This cannot be undone."
      cancelLabel="Keep chatting"
      confirmLabel="End chat"
      onCancel={onClose}
      onConfirm={onEnd}
    />
  );
}
