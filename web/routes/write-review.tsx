// /write-review/{userSlug} (spec, "Write review: /write-review/{userSlug}", "States and transitions",
// "Validation rules", "Roles and permissions" and "Error catalogue"): loading placeholder, User Not Found, the header
// with Back to the profile, Why Reviews Matter, "Reviewing {name}", the text area, the rotating hint, the four
// sub-ratings of a spa review, the reward buttons by viewer and target plus the plain Submit, and the submit states and
// toasts. A second submit edits the member's earlier review (shown below the form with the other reviews of the
// member). AI Assist polishes the text with the configured provider (the built-in editor by default, labelled as such).
// The sub-ratings are optional (a review counts in the spa's rating only with all four, which the fields say beside
// them); a refusal, the browser's or the server's, shows at its field, which is scrolled into view and focused. The
// form's parts are components/reviews/ (the form and its submit, the sub-ratings, the text with AI Assist, the choice
// of recognition); this screen lays them out.
import { getRouteApi, Link } from '@tanstack/react-router';
import type { Review } from '../../common/profile.ts';
import type { Role } from '../../common/roles.ts';
import { LoadingView } from '../components/loading-view.tsx';
import { NoticePanel, PageShell } from '../components/page-shell.tsx';
import { RecognitionChoice } from '../components/reviews/recognition-choice.tsx';
import { ReviewCard } from '../components/reviews/review-card.tsx';
import { useReviewForm, type ReviewTarget } from '../components/reviews/review-form.ts';
import { ReviewAiAssist, ReviewTextField } from '../components/reviews/review-text-field.tsx';
import { SubRatingFields } from '../components/reviews/sub-rating-fields.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { useSessionUser } from '../lib/session.ts';
import { trpc } from '../trpc.ts';

const routeApi = getRouteApi('/signed-in/write-review/$userSlug');

export function WriteReviewPage() {
  const { userSlug } = routeApi.useParams();
  const { data: me } = useSessionUser();
  const target = trpc.reviews.target.useQuery({ slug: userSlug });
  const received = trpc.profiles.reviewsReceived.useQuery(
    { target: { slug: userSlug } },
    { enabled: Boolean(target.data?.target) },
  );

  if (target.isPending || !me) return <LoadingView />;
  if (!target.data?.target) {
    return (
      <PageShell title="Write a Review" back="history">
        <NoticePanel
          action={
            <Link to="/" className={buttonClasses('primary', 'md', 'min-h-11')}>
              Back to Home
            </Link>
          }
        >
          <span className="block font-display text-xl font-semibold text-ink-900">User Not Found</span>
          The member you want to review does not exist or is no longer available.
        </NoticePanel>
      </PageShell>
    );
  }
  const { target: member, myReview, mayReview } = target.data;
  return (
    <ReviewScreen
      key={member.id}
      userSlug={userSlug}
      target={member}
      mayReview={Boolean(mayReview)}
      viewerRole={me.role}
      viewerId={me.id}
      earlier={myReview}
      reviews={received.data?.items ?? []}
    />
  );
}

function ReviewScreen({
  userSlug,
  target,
  mayReview,
  viewerRole,
  viewerId,
  earlier,
  reviews,
}: {
  userSlug: string;
  target: ReviewTarget;
  mayReview: boolean;
  viewerRole: Role;
  viewerId: number;
  earlier: Review | null;
  reviews: Review[];
}) {
  const { form, send, submitting, disabled } = useReviewForm({ target, userSlug, earlier });
  const others = reviews.filter((review) => review.reviewer.id !== viewerId);
  return (
    <PageShell
      title="Write a Review"
      actions={
        <Link to="/profile/$userSlug" params={{ userSlug }} className={buttonClasses('outline', 'sm', 'min-h-11')}>
          Back
        </Link>
      }
    >
      <div className="grid gap-5">
        <section className="rounded-3xl border border-brand-200 bg-brand-50 p-4" aria-labelledby="why-reviews">
          <h2 id="why-reviews" className="font-display text-lg font-semibold text-ink-900">
            Why Reviews Matter
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-ink-700">
            Honest reviews help members find great spas and therapists, and help every member of the community improve.
            {viewerRole === 'spa_management' && target.role === 'client'
              ? ' You can award a Medal for a great guest, or report a Red Flag to warn other spas.'
              : ''}
          </p>
        </section>

        {!mayReview ? (
          <NoticePanel>
            You cannot review this member: clients review therapists and spas, and spa management reviews clients.
          </NoticePanel>
        ) : (
          <form className="grid gap-4" onSubmit={(event) => event.preventDefault()} aria-busy={submitting} noValidate>
            <h2 className="font-display text-xl font-semibold text-ink-900 [overflow-wrap:anywhere]">
              Reviewing {target.name}
            </h2>
            {earlier ? (
              <p className="text-sm text-ink-600">
                You reviewed this member before: submitting again updates your review.
              </p>
            ) : null}
            {target.role === 'spa_management' ? (
              <form.AppField name="ratings">{() => <SubRatingFields />}</form.AppField>
            ) : null}
            <form.AppField name="reviewText">
              {() => (
                <>
                  <ReviewTextField />
                  <ReviewAiAssist target={target} />
                </>
              )}
            </form.AppField>
            <RecognitionChoice
              form={form}
              target={target}
              viewerRole={viewerRole}
              submitting={submitting}
              disabled={disabled}
              onSend={send}
            />
          </form>
        )}

        {earlier || others.length > 0 ? (
          <section className="grid gap-3" aria-labelledby="member-reviews">
            <h2
              id="member-reviews"
              className="font-display text-lg font-semibold text-ink-900 [overflow-wrap:anywhere]"
            >
              Reviews of {target.name}
            </h2>
            {earlier ? <ReviewCard review={earlier} by="reviewer" /> : null}
            {others.map((review) => (
              <ReviewCard key={review.id} review={review} by="reviewer" />
            ))}
          </section>
        ) : null}
      </div>
    </PageShell>
  );
}
