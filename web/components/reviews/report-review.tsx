// Report review (issue 10 section 5): a member tells the moderators about a review, with a reason from the
// short list and an optional note, once per review (the server refuses a second report, one's own review and
// a removed one). Self-contained, so any review list only places it.
import { useState, type FormEvent } from 'react';
import { REVIEW_REPORT_NOTE_MAX, REVIEW_REPORT_REASONS, REVIEW_REPORT_TEXTS, type ReviewReportReason } from '../../../common/admin.ts';
import { serverMessage } from '../../lib/errors.ts';
import { trpc } from '../../trpc.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { FormAlert } from '../ui/form-alert.tsx';
import { inputClasses } from '../ui/input.tsx';
import { toast } from '../ui/use-toast.ts';

export function ReportReview({ reviewId }: { reviewId: number }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const [reason, setReason] = useState<ReviewReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = trpc.reviews.report.useMutation({
    onSuccess: () => {
      setSent(true);
      setOpen(false);
      toast({ variant: 'success', title: REVIEW_REPORT_TEXTS.sent, description: REVIEW_REPORT_TEXTS.sentDescription });
    },
    onError: (failure) => setError(serverMessage(failure, 'Please try again.')),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setError(REVIEW_REPORT_TEXTS.reasonRequired);
      return;
    }
    report.mutate({ reviewId, reason, note });
  }

  if (sent) return <p className="text-xs text-ink-600">{REVIEW_REPORT_TEXTS.sent}</p>;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="min-h-11 justify-self-start text-xs font-semibold text-ink-600 underline-offset-2 hover:underline">
        {REVIEW_REPORT_TEXTS.action}
      </button>
      {open ? (
        <Dialog open onOpenChange={(next) => !next && !report.isPending && setOpen(false)} title={REVIEW_REPORT_TEXTS.title}>
          <form onSubmit={submit} className="grid grid-cols-1 gap-4" noValidate>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium text-ink-700">{REVIEW_REPORT_TEXTS.reasonLabel}</legend>
              {(Object.entries(REVIEW_REPORT_REASONS) as [ReviewReportReason, string][]).map(([value, label]) => (
                <label key={value} className="flex min-h-11 items-center gap-3 rounded-xl border border-sand-300 px-3 text-sm text-ink-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                  <input type="radio" name="report-reason" value={value} checked={reason === value} onChange={() => setReason(value)} className="size-4 accent-brand-700" />
                  {label}
                </label>
              ))}
            </fieldset>
            <div className="grid gap-1.5">
              <label htmlFor={`report-note-${reviewId}`} className="text-sm font-medium text-ink-700">
                {REVIEW_REPORT_TEXTS.noteLabel}
              </label>
              <textarea
                id={`report-note-${reviewId}`}
                value={note}
                maxLength={REVIEW_REPORT_NOTE_MAX}
                onChange={(event) => setNote(event.target.value)}
                rows={3}
                className={`${inputClasses} h-auto py-3`}
              />
            </div>
            <FormAlert>{error}</FormAlert>
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
