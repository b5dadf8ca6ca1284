// Report review (issue 10 section 5): a member tells the moderators about a review, with a reason from the
// short list and an optional note, once per review (the server refuses a second report, one's own review and
// a removed one). Self-contained, so any review list only places it.
import { useState } from 'react';
import { REVIEW_REPORT_NOTE_MAX, REVIEW_REPORT_REASONS, REVIEW_REPORT_TEXTS, reviewReportInput, type ReviewReportReason } from '../../../common/admin.ts';
import { serverMessage } from '../../lib/errors.ts';
import { trpc } from '../../trpc.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { FieldError, FormAlert } from '../ui/form-alert.tsx';
import { checkedBy, firstError, submitHandler, useAppForm } from '../ui/form.tsx';
import { toast } from '../ui/use-toast.ts';

interface ReportValues {
  reason: ReviewReportReason | null;
  note: string;
}

export function ReportReview({ reviewId }: { reviewId: number }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const report = trpc.reviews.report.useMutation({
    onSuccess: () => {
      setSent(true);
      setOpen(false);
      toast({ variant: 'success', title: REVIEW_REPORT_TEXTS.sent, description: REVIEW_REPORT_TEXTS.sentDescription });
    },
  });
  const form = useAppForm({
    defaultValues: { reason: null, note: '' } as ReportValues,
    validators: { onSubmit: checkedBy<ReportValues>(reviewReportInput, (values) => ({ ...values, reviewId })) },
    onSubmit: ({ value }) => report.mutate({ reviewId, reason: value.reason!, note: value.note }),
  });

  if (sent) return <p className="text-xs text-ink-600">{REVIEW_REPORT_TEXTS.sent}</p>;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="min-h-11 justify-self-start text-xs font-semibold text-ink-600 underline-offset-2 hover:underline">
        {REVIEW_REPORT_TEXTS.action}
      </button>
      {open ? (
        <Dialog open onOpenChange={(next) => !next && !report.isPending && setOpen(false)} title={REVIEW_REPORT_TEXTS.title}>
          <form onSubmit={submitHandler(form, report.reset)} className="grid grid-cols-1 gap-4" noValidate>
            <form.Field name="reason">
              {(field) => {
                const error = firstError(field.state.meta.errors);
                return (
                  <fieldset className="grid gap-2" aria-describedby={error ? `report-reason-${reviewId}-error` : undefined}>
                    <legend className="mb-1 text-sm font-medium text-ink-700">{REVIEW_REPORT_TEXTS.reasonLabel}</legend>
                    {(Object.entries(REVIEW_REPORT_REASONS) as [ReviewReportReason, string][]).map(([value, label]) => (
                      <label key={value} className="flex min-h-11 items-center gap-3 rounded-xl border border-sand-300 px-3 text-sm text-ink-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                        <input type="radio" name="report-reason" value={value} checked={field.state.value === value} onChange={() => field.handleChange(value)} className="size-4 accent-brand-700" />
                        {label}
                      </label>
                    ))}
                    <FieldError id={`report-reason-${reviewId}-error`}>{error}</FieldError>
                  </fieldset>
                );
              }}
            </form.Field>
            <form.AppField name="note">
              {(field) => <field.TextArea id={`report-note-${reviewId}`} label={REVIEW_REPORT_TEXTS.noteLabel} maxLength={REVIEW_REPORT_NOTE_MAX} rows={3} />}
            </form.AppField>
            <FormAlert>{report.error ? serverMessage(report.error, 'Please try again.') : null}</FormAlert>
            <div className="flex justify-end gap-2">
              <Button variant="ghost" onClick={() => setOpen(false)} disabled={report.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={report.isPending}>
                {REVIEW_REPORT_TEXTS.submit}
              </Button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </>
  );
}
