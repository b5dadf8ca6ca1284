// One review as every review list shows it (spec, "Profile: /profile and /profile/{userSlug}", its Reviews tabs): the
// badge of the reviewer (or, on a client's Spas/Therapists Reviewed tabs, of the reviewed member) linking to their
// profile, the date, the review's own overall score out of 5 and the four sub-ratings out of 10 for a rated review,
// the text, an "edited" marker, and the reviewed member's reply with Reply / Edit / Delete for that member; Report
// review for other members, and a removed review marked as such (only its author still sees it). A review that
// follows a visit the reviewer recorded carries the Verified visit badge; its author also reads why theirs is or is
// not verified.
import { REVIEW_REPORT_TEXTS } from '../../../common/review-reports.ts';
import type { Review } from '../../../common/profile.ts';
import { reviewScore, SUB_RATINGS } from '../../../common/reviews.ts';
import type { Role } from '../../../common/roles.ts';
import { useSessionUser } from '../../lib/session.ts';
import { MemberBadge } from '../profile/member-badge.tsx';
import { ReviewScore, SubRating } from '../rating.tsx';
import { VerificationReason } from '../visits/verified-visit.tsx';
import { ReportReview } from './report-review.tsx';
import { ReviewReply } from './review-reply.tsx';

const KIND_OF_ROLE: Partial<Record<Role, string>> = { spa_management: 'Spa', therapist: 'Therapist' };

export function ReviewCard({ review, by }: { review: Review; by: 'reviewer' | 'target' }) {
  const { data: viewer } = useSessionUser();
  const shown = by === 'reviewer' ? review.reviewer : review.targetUser;
  const ratings = SUB_RATINGS.filter(({ key }) => review[key] !== null);
  const score = reviewScore(review);
  return (
    <article
      className="grid grid-cols-1 gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
      aria-label={`Review by ${review.reviewer.name}`}
    >
      <MemberBadge
        member={shown}
        date={review.createdAt}
        kind={by === 'reviewer' ? 'Reviewer' : KIND_OF_ROLE[review.targetUser.role]}
        verifiedVisit={review.verifiedVisit}
      />
      {review.updatedAt ? <p className="-mt-2 text-xs font-semibold text-ink-600">edited</p> : null}
      <VerificationReason verification={review.verification} />
      {review.removed ? (
        <p className="-mt-1 justify-self-start rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
          {REVIEW_REPORT_TEXTS.removed}
        </p>
      ) : null}
      {ratings.length > 0 ? (
        <dl className="grid grid-cols-2 gap-2 text-sm">
          {score !== null ? (
            <div className="col-span-2 flex items-center justify-between rounded-xl bg-amber-50 px-3 py-1.5">
              <dt className="font-semibold text-ink-800">Overall</dt>
              <dd>
                <ReviewScore value={score} />
              </dd>
            </div>
          ) : null}
          {ratings.map(({ key, label }) => (
            <div key={key} className="flex items-center justify-between rounded-xl bg-sand-50 px-3 py-1.5">
              <dt className="text-ink-700">{label}</dt>
              <dd className="font-semibold text-ink-900">
                <SubRating value={review[key]!} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p className="text-sm leading-relaxed whitespace-pre-line text-ink-800 [overflow-wrap:anywhere]">
        {review.reviewText}
      </p>
      <ReviewReply
        key={`${review.id}-${review.reply?.updatedAt ?? review.reply?.createdAt ?? 0}`}
        reviewId={review.id}
        reply={review.reply}
        targetName={review.targetUser.name}
        canReply={viewer?.id === review.targetUser.id}
      />
      {viewer && viewer.id !== review.reviewer.id && !review.removed ? <ReportReview reviewId={review.id} /> : null}
    </article>
  );
}
