// "Verified visit": the one badge every review, star, flower, medal and red flag carries when its payload says
// `verifiedVisit: true` (the client side recorded a visit with the spa's code in the 90 days before it), nothing
// when false; the line that says what the badge means, shown once beside the lists that carry it; and, on a
// review seen by its own author, the server's sentence saying why theirs is or is not verified.
import { VISIT_TEXTS, type VerifiedVisitExplanation } from '../../../common/visits.ts';
import { cn } from '../../lib/cn.ts';

function CheckIcon() {
  return (
    <svg viewBox="0 0 16 16" width={12} height={12} fill="none" aria-hidden="true" focusable="false">
      <path d="m3.5 8.5 3 3 6-7" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function VerifiedVisitBadge({ verified, className }: { verified: boolean; className?: string }) {
  if (!verified) return null;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-900 ring-1 ring-emerald-200 ring-inset',
        className,
      )}
    >
      <CheckIcon />
      {VISIT_TEXTS.badge}
    </span>
  );
}

/** What the badge means, in one line under a list that may carry it. */
export function VerifiedVisitLegend() {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-700">
      <VerifiedVisitBadge verified />
      <span>{VISIT_TEXTS.badgeMeaning}</span>
    </p>
  );
}

/** The author's own review: why it is or is not verified (null for every other viewer: nothing shows). */
export function VerificationReason({ verification }: { verification: VerifiedVisitExplanation | null }) {
  if (!verification) return null;
  return (
    <p
      className={cn(
        'rounded-xl px-3 py-2 text-xs',
        verification.verified ? 'bg-emerald-50 text-emerald-900' : 'bg-sand-50 text-ink-700',
      )}
    >
      {verification.reason}
    </p>
  );
}
