// A rating in the one form every screen shows it: a spa's headline rating as "★ 4.3 (12)" (the mean of its reviews
// out of 5, to one decimal, and how many reviews it rests on; "No ratings yet" without one), a review's own overall
// score as "★ 4.3 / 5", and a review's sub-rating out of 10 as "8/10" (spec, "Business constants and limits"). Screen
// readers hear the whole sentence ("Rated 4.3 out of 5 from 12 reviews") rather than the symbols. The ★ is a rating's
// alone: stars given as recognition show a gift and the words "stars received" (spa-popup.tsx). Lists ordered by
// rating rank by a Bayesian average (worker/services/spa-rating.ts, ADR 020); what they show is this, the plain mean
// with its count.
import { cn } from '../lib/cn.ts';

export function ratingSentence(average: number, count: number): string {
  return `Rated ${average.toFixed(1)} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`;
}

export function Rating({ average, count, className }: { average: number | null; count: number; className?: string }) {
  if (average === null) return <span className={cn('text-ink-700', className)}>No ratings yet</span>;
  return (
    <span
      className={cn('inline-flex items-baseline gap-1 whitespace-nowrap', className)}
      data-rating={average.toFixed(1)}
    >
      <span aria-hidden="true" className="inline-flex items-baseline gap-1">
        <span className="text-amber-700">★</span>
        <span className="font-semibold text-ink-900">{average.toFixed(1)}</span>
        <span className="text-ink-700">({count})</span>
      </span>
      <span className="sr-only">{ratingSentence(average, count)}</span>
    </span>
  );
}

/** One review's overall score, out of 5 (reviewScore). */
export function ReviewScore({ value }: { value: number }) {
  return (
    <span className="inline-flex items-baseline gap-1 whitespace-nowrap">
      <span aria-hidden="true" className="inline-flex items-baseline gap-1">
        <span className="text-amber-700">★</span>
        <span className="font-semibold text-ink-900">{value.toFixed(1)}</span>
        <span className="text-ink-700">/ 5</span>
      </span>
      <span className="sr-only">Rated {value.toFixed(1)} out of 5</span>
    </span>
  );
}

/** One sub-rating of a review, out of 10. */
export function SubRating({ value }: { value: number }) {
  return (
    <span>
      <span aria-hidden="true">{value}/10</span>
      <span className="sr-only">{value} out of 10</span>
    </span>
  );
}
