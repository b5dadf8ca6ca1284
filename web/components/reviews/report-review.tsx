// Report review (beyond the spec): a member tells the moderators about a review, with a reason from the
// short list and an optional note, once per review (the server refuses a second report, one's own review and
// a removed one). Self-contained, so any review list only places it; the dialog and its form
// (report-review-dialog.tsx) load when first wanted, not with every review.
import { Suspense, useState } from 'react';
import { REVIEW_REPORT_TEXTS } from '../../../common/review-reports.ts';
import { lazyComponent } from '../../lib/lazy-component.ts';

const ReportReviewDialog = lazyComponent(() =>
  import('./report-review-dialog.tsx').then((module) => module.ReportReviewDialog),
);

export function ReportReview({ reviewId }: { reviewId: number }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  if (sent) return <p className="text-xs text-ink-600">{REVIEW_REPORT_TEXTS.sent}</p>;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={ReportReviewDialog.preload}
        onFocus={ReportReviewDialog.preload}
        className="min-h-11 justify-self-start text-xs font-semibold text-ink-600 underline-offset-2 hover:underline"
      >
        {REVIEW_REPORT_TEXTS.action}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportReviewDialog
            reviewId={reviewId}
            onClose={() => setOpen(false)}
            onSent={() => {
              setSent(true);
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
