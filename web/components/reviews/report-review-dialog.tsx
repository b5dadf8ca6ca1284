// The Report review dialog (report-review.tsx opens it): a reason from the short list and an optional note.
import { reviewReportInput } from '../../../common/admin.ts';
import {
  REVIEW_REPORT_NOTE_MAX,
  REVIEW_REPORT_REASONS,
  REVIEW_REPORT_TEXTS,
  type ReviewReportReason,
} from '../../../common/review-reports.ts';
import { serverMessage } from '../../lib/errors.ts';
import { trpc } from '../../trpc.ts';
import { Button } from '../ui/button.tsx';
import { DialogModal as Dialog } from '../ui/dialog-modal.tsx';
import { FieldError, FormAlert } from '../ui/form-alert.tsx';
import { checkedBy, firstError, submitHandler, useAppForm } from '../ui/form.tsx';
import { toast } from '../ui/use-toast.ts';

interface ReportValues {
  reason: ReviewReportReason | null;
  note: string;
}

export interface ReportReviewDialogProps {
  reviewId: number;
  onClose: () => void;
  /** The report went through: the dialog closes and the review says so. */
  onSent: () => void;
}

export function ReportReviewDialog({ reviewId, onClose, onSent }: ReportReviewDialogProps) {
  const report = trpc.reviews.report.useMutation({
    // The dialog says why the report was not sent.
    meta: { errorToast: false },
    onSuccess: () => {
      onSent();
      toast({ variant: 'success', title: REVIEW_REPORT_TEXTS.sent, description: REVIEW_REPORT_TEXTS.sentDescription });
    },
  });
  const form = useAppForm({
    defaultValues: { reason: null, note: '' } as ReportValues,
    validators: { onSubmit: checkedBy<ReportValues>(reviewReportInput, (values) => ({ ...values, reviewId })) },
    onSubmit: ({ value }) => report.mutate({ reviewId, reason: value.reason!, note: value.note }),
  });

  return (
    <Dialog open onOpenChange={(next) => !next && !report.isPending && onClose()} title={REVIEW_REPORT_TEXTS.title}>
      <form onSubmit={submitHandler(form, report.reset)} className="grid grid-cols-1 gap-4" noValidate>
        <form.Field name="reason">
          {(field) => {
            const error = firstError(field.state.meta.errors);
            return (
              <fieldset className="grid gap-2" aria-describedby={error ? `report-reason-${reviewId}-error` : undefined}>
                <legend className="mb-1 text-sm font-medium text-ink-700">{REVIEW_REPORT_TEXTS.reasonLabel}</legend>
                {(Object.entries(REVIEW_REPORT_REASONS) as [ReviewReportReason, string][]).map(([value, label]) => (
                  <label
                    key={value}
                    className="flex min-h-11 items-center gap-3 rounded-xl border border-sand-300 px-3 text-sm text-ink-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                  >
                    <input
                      type="radio"
                      name="report-reason"
                      value={value}
                      checked={field.state.value === value}
                      onChange={() => field.handleChange(value)}
                      className="size-4 accent-brand-700"
                    />
                    {label}
                  </label>
                ))}
                <FieldError id={`report-reason-${reviewId}-error`}>{error}</FieldError>
              </fieldset>
            );
          }}
        </form.Field>
        <form.AppField name="note">
          {(field) => (
            <field.TextArea
              id={`report-note-${reviewId}`}
              label={REVIEW_REPORT_TEXTS.noteLabel}
              maxLength={REVIEW_REPORT_NOTE_MAX}
              rows={3}
            />
          )}
        </form.AppField>
        <FormAlert>{report.error ? serverMessage(report.error, 'Please try again.') : null}</FormAlert>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose} disabled={report.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={report.isPending}>
            {REVIEW_REPORT_TEXTS.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
