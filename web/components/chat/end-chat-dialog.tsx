// [END CHAT] asks first: ending deletes the conversation for both members and cannot be undone.
import { NameInLine } from '../member-name.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';

export interface EndChatDialogProps {
  partnerName: string;
  returnFocusTo: HTMLElement | null;
  onClose: () => void;
  onEnd: () => void;
}

export function EndChatDialog({ partnerName, returnFocusTo, onClose, onEnd }: EndChatDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      returnFocusTo={returnFocusTo}
      title={<NameInLine before="End the chat with " name={partnerName} after="?" />}
      description="The messages will be gone for both of you. This cannot be undone."
    >
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onClose}>
          Keep chatting
        </Button>
        <Button variant="destructive" onClick={onEnd}>
          End chat
        </Button>
      </div>
    </Dialog>
  );
}
