// Reporting a chat partner: a reason is required (trimmed, at most 500 characters). The server keeps the
// session's last messages for the admins and ends the chat; this side then drops the session at once.
import { chatReportInput } from '../../../common/chat.ts';
import { CHAT_REPORT_REASON_MAX_LENGTH } from '../../../common/limits.ts';
import { serverMessage } from '../../lib/errors.ts';
import { trpc } from '../../trpc.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { NameInLine } from '../member-name.tsx';
import { toast } from '../ui/use-toast.ts';
import { FormAlert } from '../ui/form-alert.tsx';
import { checkedBy, submitHandler, useAppForm } from '../ui/form.tsx';

export interface ReportDialogProps {
  sessionId: string;
  partnerName: string;
  /** The button that opened the dialog: focus goes back to it when the dialog closes. */
  returnFocusTo: HTMLElement | null;
  onClose: () => void;
  onReported: () => void;
}

export function ReportDialog({ sessionId, partnerName, returnFocusTo, onClose, onReported }: ReportDialogProps) {
  const report = trpc.chat.report.useMutation({
    // The dialog says why the report was not sent.
    meta: { errorToast: false },
    onSuccess: () => {
      toast({ variant: 'success', title: 'Report sent', description: 'Thank you. An admin will review this chat.' });
      onReported();
    },
  });
  const form = useAppForm({
    defaultValues: { reason: '' },
    validators: { onSubmit: checkedBy<{ reason: string }>(chatReportInput, (values) => ({ ...values, sessionId })) },
    onSubmit: ({ value }) => report.mutate({ sessionId, reason: value.reason }),
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      returnFocusTo={returnFocusTo}
      title={<NameInLine before="Report " name={partnerName} />}
      description="Tell us what happened. The last messages of this chat go to the admins with your report, and the chat ends."
    >
      <form noValidate onSubmit={submitHandler(form, report.reset)} className="grid grid-cols-1 gap-4">
        <div className="grid grid-cols-1 gap-1">
          <form.AppField name="reason">
            {(field) => (
              <field.TextArea
                label="Reason"
                required
                rows={4}
                maxLength={CHAT_REPORT_REASON_MAX_LENGTH}
                className="resize-none"
              />
            )}
          </form.AppField>
          <form.Subscribe selector={(state) => state.values.reason.length}>
            {(length) => (
              <p className="text-right text-xs text-ink-600 tabular-nums">
                {length}/{CHAT_REPORT_REASON_MAX_LENGTH}
              </p>
            )}
          </form.Subscribe>
        </div>
        <FormAlert>
          {report.error ? serverMessage(report.error, 'The report could not be sent. Please try again.') : null}
        </FormAlert>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={report.isPending}>
            {report.isPending ? 'Please wait...' : 'Send report'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
