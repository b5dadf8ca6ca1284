// Blocking a chat partner, after a confirmation: the server ends the chat and any requests between the two and
// hides them from each other; this side drops the session at once and refreshes its blocked list.
import { serverMessage } from '../../lib/errors.ts';
import { trpc } from '../../trpc.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { toast } from '../ui/use-toast.ts';

export interface BlockDialogProps {
  partnerId: number;
  partnerName: string;
  onClose: () => void;
  onBlocked: () => void;
}

export function BlockDialog({ partnerId, partnerName, onClose, onBlocked }: BlockDialogProps) {
  const utils = trpc.useUtils();
  const block = trpc.chat.block.useMutation({
    onSuccess: () => {
      void utils.chat.blocks.invalidate();
      toast({ title: `${partnerName} blocked`, description: 'You can unblock them under Blocked members.' });
      onBlocked();
    },
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Block ${partnerName}?`}
      description="This chat ends now, and you will no longer see each other in chat."
    >
      {block.error ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
          {serverMessage(block.error, 'Blocking failed. Please try again.')}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="destructive" disabled={block.isPending} onClick={() => block.mutate({ userId: partnerId })}>
          {block.isPending ? 'Please wait...' : 'Block'}
        </Button>
      </div>
    </Dialog>
  );
}
