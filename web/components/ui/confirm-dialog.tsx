// A question before something that cannot be undone (end a chat, block a member, delete a list): the title asks,
// the description says what happens, Cancel keeps things as they are and the destructive button goes ahead.
// A failure from the server shows above the buttons; the dialog stays open so the member can try again.
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { FormAlert } from './form-alert.tsx';

export interface ConfirmDialogProps {
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the action runs the button is disabled and says so. */
  pendingLabel?: string;
  pending?: boolean;
  error?: string | null;
  /** Where focus goes when the dialog closes; by default the element focused when it opened. */
  returnFocusTo?: HTMLElement | null;
}

export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  pendingLabel,
  pending = false,
  error,
  returnFocusTo,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      returnFocusTo={returnFocusTo}
      title={title}
      description={description}
    >
      <FormAlert>{error}</FormAlert>
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant="destructive" disabled={pending} onClick={onConfirm}>
          {pending && pendingLabel ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
