// Blocking a chat partner, after a confirmation: the server ends the chat and any requests between the two and
// hides them from each other; this side drops the session at once and refreshes its blocked list.
import { serverMessage } from '../../lib/errors.ts';
import { trpc } from '../../trpc.ts';
import { NameInLine } from '../member-name.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { toast } from '../ui/use-toast.ts';

export interface BlockDialogProps {
  partnerId: number;
  partnerName: string;
  /** The button that opened the dialog: focus goes back to it when the dialog closes. */
  returnFocusTo: HTMLElement | null;
  onClose: () => void;
  onBlocked: () => void;
}

export function BlockDialog({ partnerId, partnerName, returnFocusTo, onClose, onBlocked }: BlockDialogProps) {
  const utils = trpc.useUtils();
  const block = trpc.chat.block.useMutation({
    // The dialog says why blocking failed.
    meta: { errorToast: false },
    onSuccess: () => {
      void utils.chat.blocks.invalidate();
      toast({ title: `${partnerName} blocked`, description: 'You can unblock them under Blocked members.' });
      onBlocked();
    },
  });

  return (
    <ConfirmDialog
      returnFocusTo={returnFocusTo}
      title={<NameInLine before="Block " name={partnerName} after="?" />}
      description="This chat ends now, and you will no longer see each other in chat."
      error={block.error ? serverMessage(block.error, 'Blocking failed. Please try again.') : null}
      confirmLabel="Block"
      pendingLabel="Please wait..."
      pending={block.isPending}
      onCancel={onClose}
      onConfirm={() => block.mutate({ userId: partnerId })}
    />
  );
}
