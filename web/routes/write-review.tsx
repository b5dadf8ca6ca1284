// /write-review/{userSlug} (spec, "Write review: /write-review/{userSlug}", "States and transitions",
// "Validation rules", "Roles and permissions" and "Error catalogue"): loading placeholder, User Not Found, the header
// with Back to the profile, Why Reviews Matter, "Reviewing {name}", the text area, the rotating hint, the four
// sub-ratings of a spa review, the reward buttons by viewer and target plus the plain Submit, and the submit states and
// toasts. A second submit edits the member's earlier review (shown below the form with the other reviews of the
// member). AI Assist polishes the text with the configured provider (the built-in editor by default, labelled as such).
// The sub-ratings are optional (a review counts in the spa's rating only with all four, which the fields say beside
// them); a refusal, the browser's or the server's, shows at its field, which is scrolled into view and focused.
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { AI_ASSIST_TEXTS } from '../../common/ai-assist.ts';
import { REVIEW_HINT_FADE_MS, REVIEW_HINT_INTERVAL_MS } from '../../common/limits.ts';
import { RED_FLAG_REASONS, type RedFlagReason } from '../../common/recognition.ts';
import { formatCount } from '../../common/count.ts';
import {
  AI_ASSIST_HINT,
  countWords,
  REVIEW_HINTS,
  REVIEW_MESSAGES,
  REVIEW_MAX_WORDS_LABEL,
  reviewTextProblem,
  rewardButtons,
  reviewSuccessToast,
  SUB_RATING_MAX,
  SUB_RATING_MIN,
  SUB_RATINGS,
  type ReviewReward,
  type SubRatingKey,
} from '../../common/reviews.ts';
import { AiAssist } from '../components/ai-assist.tsx';
import { SpaPicker } from '../components/recognition/spa-picker.tsx';
import { ReviewCard } from '../components/reviews/review-card.tsx';
import type { Review } from '../../common/profile.ts';
import { LoadingView } from '../components/loading-view.tsx';
import { NoticePanel, PageShell } from '../components/page-shell.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { FieldError } from '../components/ui/form-alert.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { fieldErrorsOf, submitErrorMessage } from '../lib/errors.ts';
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

  if (target.isPending || !me) return <LoadingView label="Loading..." />;
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

type Target = { id: number; name: string; slug: string; role: 'client' | 'therapist' | 'spa_management' | 'admin' };
type Ratings = Partial<Record<SubRatingKey, number>>;
/** The fields a refusal can be about. */
type Field = 'reviewText' | 'ratings' | 'redFlagReason' | 'flowerSpaId';
type FieldErrors = Partial<Record<Field, string>>;

/** The field a server refusal names (its zod issue's path), as this screen's fields. */
function fieldOf(name: string): Field | null {
  if (name === 'reviewText' || name === 'redFlagReason' || name === 'flowerSpaId') return name;
  return SUB_RATINGS.some(({ key }) => key === name) ? 'ratings' : null;
}

/** Where each field is, in the order of the form: the first refused one is scrolled to and focused. */
const FIELD_ORDER: Field[] = ['ratings', 'reviewText', 'redFlagReason', 'flowerSpaId'];
const FIELD_IDS: Record<Field, string> = {
  ratings: 'rating-ambienceRating',
  reviewText: 'review-text',
  redFlagReason: 'flag-reason',
  flowerSpaId: 'flower-spa',
};

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
  target: Target;
  mayReview: boolean;
  viewerRole: Target['role'];
  viewerId: number;
  earlier: Review | null;
  reviews: Review[];
}) {
  const [text, setText] = useState(earlier?.reviewText ?? '');
  const [ratings, setRatings] = useState<Ratings>(() =>
    Object.fromEntries(
      SUB_RATINGS.map(({ key }) => [key, earlier?.[key] ?? undefined]).filter(([, value]) => value !== undefined),
    ),
  );
  const [flagReason, setFlagReason] = useState<RedFlagReason | ''>('');
  const [flowerSpaId, setFlowerSpaId] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const isSpa = target.role === 'spa_management';
  const buttons = rewardButtons(viewerRole, target.role);
  const showFlagReason = buttons.some((button) => button.reward === 'red_flag');
  const flowerButton = buttons.find((button) => button.reward === 'flower');

  const submit = trpc.reviews.submit.useMutation({
    onSuccess: async (answer) => {
      toast({ variant: 'success', ...reviewSuccessToast(answer.reward) });
      await Promise.all([
        utils.reviews.invalidate(),
        utils.recognition.invalidate(),
        utils.leaderboards.invalidate(),
        utils.profiles.invalidate(),
        utils.map.users.invalidate(),
      ]);
      void navigate({ to: '/profile/$userSlug', params: { userSlug } });
    },
    onError: (error) => {
      // A refused field shows its message there; anything else is the spec's toast.
      const refused: FieldErrors = {};
      for (const [name, message] of Object.entries(fieldErrorsOf(error))) {
        const field = fieldOf(name);
        if (field) refused[field] ??= message;
      }
      if (Object.keys(refused).length > 0) return showErrors(refused);
      toast({
        variant: 'destructive',
        title: REVIEW_MESSAGES.submitFailedTitle,
        description: submitErrorMessage(error),
      });
    },
  });

  /** Shows each error at its field, and brings the first field into view with the focus on it. */
  function showErrors(found: FieldErrors) {
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (!first) return;
    // After the render that shows the message, so the scroll accounts for it.
    requestAnimationFrame(() => {
      const element = formRef.current?.querySelector<HTMLElement>(`#${FIELD_IDS[first]}`);
      if (!element) return;
      element.scrollIntoView({ block: 'center', behavior: 'auto' });
      element.focus({ preventScroll: true });
    });
  }

  function send(reward: ReviewReward | null) {
    const found: FieldErrors = {};
    const textProblem = reviewTextProblem(text);
    if (textProblem) found.reviewText = textProblem;
    if (reward === 'red_flag' && !flagReason) found.redFlagReason = REVIEW_MESSAGES.redFlagReasonRequired;
    if (Object.keys(found).length > 0) return showErrors(found);
    setErrors({});
    submit.mutate({
      targetUserId: target.id,
      reviewText: text,
      ...(isSpa ? ratings : {}),
      ...(reward === 'flower' ? { giveFlower: true, ...(flowerSpaId ? { flowerSpaId } : {}) } : {}),
      ...(reward === 'star' || reward === 'medal' ? { giveStar: true } : {}),
      ...(reward === 'red_flag' ? { giveRedFlag: true, redFlagReason: flagReason || undefined } : {}),
    });
  }

  const aiAssist = trpc.ai.assistReview.useMutation();

  const others = reviews.filter((review) => review.reviewer.id !== viewerId);
  // Disabled only while the text is empty: whitespace alone is refused on submit, with the spec's message.
  const disabled = submit.isPending || text === '';
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
          <form
            ref={formRef}
            className="grid gap-4"
            onSubmit={(event) => event.preventDefault()}
            aria-busy={submit.isPending}
            noValidate
          >
            <h2 className="font-display text-xl font-semibold text-ink-900 [overflow-wrap:anywhere]">
              Reviewing {target.name}
            </h2>
            {earlier ? (
              <p className="text-sm text-ink-600">
                You reviewed this member before: submitting again updates your review.
              </p>
            ) : null}
            {isSpa ? (
              <SubRatingFields
                ratings={ratings}
                error={errors.ratings}
                onChange={(next) => {
                  setRatings(next);
                  setErrors(({ ratings: _cleared, ...rest }) => rest);
                }}
              />
            ) : null}
            <div className="grid gap-1.5">
              <label htmlFor="review-text" className="text-sm font-medium text-ink-700">
                Your review
              </label>
              <textarea
                id="review-text"
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  if (errors.reviewText) setErrors(({ reviewText: _cleared, ...rest }) => rest);
                }}
                placeholder="Share your experience..."
                className="min-h-[200px] w-full scroll-mt-24 rounded-2xl border border-sand-300 bg-white p-4 text-base text-ink-900 [overflow-wrap:anywhere] placeholder:text-ink-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/25 aria-[invalid=true]:border-red-600"
                aria-invalid={errors.reviewText ? true : undefined}
                aria-describedby={
                  errors.reviewText ? 'review-text-error review-hint review-words' : 'review-hint review-words'
                }
              />
              <FieldError id="review-text-error">{errors.reviewText}</FieldError>
              <p id="review-words" className="text-xs text-ink-600">
                {formatCount(countWords(text))} / {REVIEW_MAX_WORDS_LABEL} words
              </p>
              <RotatingHint />
            </div>
            <AiAssist
              text={text}
              needSentence={AI_ASSIST_TEXTS.needSentenceReview}
              hint={AI_ASSIST_HINT}
              request={() => aiAssist.mutateAsync({ currentText: text, spaName: target.name, targetUserId: target.id })}
              pending={aiAssist.isPending}
              onApply={setText}
            />
            {showFlagReason ? (
              <div className="grid gap-1.5">
                <label htmlFor="flag-reason" className="text-sm font-medium text-ink-700">
                  Red flag reason (for Give Red Flag & Report)
                </label>
                <select
                  id="flag-reason"
                  value={flagReason}
                  onChange={(event) => {
                    setFlagReason(event.target.value as RedFlagReason | '');
                    setErrors(({ redFlagReason: _cleared, ...rest }) => rest);
                  }}
                  aria-invalid={errors.redFlagReason ? true : undefined}
                  aria-describedby={errors.redFlagReason ? 'flag-reason-error' : undefined}
                  className="h-12 rounded-xl border border-sand-300 bg-white px-3 text-base text-ink-900 aria-[invalid=true]:border-red-600"
                >
                  <option value="">Choose a reason</option>
                  {RED_FLAG_REASONS.map((reason) => (
                    <option key={reason}>{reason}</option>
                  ))}
                </select>
                <FieldError id="flag-reason-error">{errors.redFlagReason}</FieldError>
              </div>
            ) : null}
            {flowerButton ? (
              <SpaPicker
                id="flower-spa"
                label={`Spa (for ${flowerButton.label})`}
                therapistId={target.id}
                value={flowerSpaId}
                onChange={setFlowerSpaId}
                preferTheirSpa
                error={errors.flowerSpaId}
              />
            ) : null}
            {submit.isPending ? (
              <p role="status" className="text-sm font-semibold text-brand-800">
                {REVIEW_MESSAGES.submitting}
              </p>
            ) : null}
            <div className="grid gap-2">
              {buttons.map((button) => (
                <Button
                  key={button.reward}
                  variant={button.tone === 'negative' ? 'destructive' : 'primary'}
                  size="lg"
                  disabled={disabled}
                  onClick={() => send(button.reward)}
                >
                  {button.label}
                </Button>
              ))}
              <Button variant="outline" size="lg" disabled={disabled} onClick={() => send(null)}>
                Submit
              </Button>
            </div>
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

/**
 * The four sub-ratings of a spa review, each optional: the legend says so, and the line under it says that only a
 * review with all four counts in the spa's rating (and which are still missing once some are chosen).
 */
function SubRatingFields({
  ratings,
  error,
  onChange,
}: {
  ratings: Ratings;
  error?: string;
  onChange: (next: Ratings) => void;
}) {
  const chosen = SUB_RATINGS.filter(({ key }) => ratings[key] !== undefined);
  const missing = SUB_RATINGS.filter(({ key }) => ratings[key] === undefined).map(({ label }) => label);
  const invitation =
    chosen.length === 0 || missing.length === 0
      ? REVIEW_MESSAGES.ratingsInvite
      : `Rate ${joinedWithAnd(missing)} too for your review to count in the spa's rating.`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? 'ratings-hint ratings-error' : 'ratings-hint'}>
      <legend className="mb-1 text-sm font-medium text-ink-700">Rate the spa from 1 to 10 (optional)</legend>
      <p id="ratings-hint" className="-mt-1 text-sm text-ink-700" aria-live="polite">
        {invitation}
      </p>
      <div className="grid grid-cols-2 gap-3">
        {SUB_RATINGS.map(({ key, label }) => (
          <label key={key} className="grid gap-1 text-sm text-ink-700">
            {label}
            <select
              id={`rating-${key}`}
              value={ratings[key] ?? ''}
              onChange={(event) =>
                onChange({ ...ratings, [key]: event.target.value ? Number(event.target.value) : undefined })
              }
              aria-invalid={error ? true : undefined}
              className="h-12 rounded-xl border border-sand-300 bg-white px-3 text-base text-ink-900 aria-[invalid=true]:border-red-600"
            >
              <option value="">–</option>
              {Array.from({ length: SUB_RATING_MAX - SUB_RATING_MIN + 1 }, (_, i) => SUB_RATING_MIN + i).map(
                (value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ),
              )}
            </select>
          </label>
        ))}
      </div>
      <FieldError id="ratings-error">{error}</FieldError>
    </fieldset>
  );
}

/** "Booking", "Booking and Selection", "Amenities, Booking and Selection". */
function joinedWithAnd(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** A new tip every 6 s, fading out and in over 0.8 s. */
function RotatingHint() {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    let fade: ReturnType<typeof setTimeout> | undefined;
    const timer = setInterval(() => {
      setVisible(false);
      fade = setTimeout(() => {
        setIndex((current) => (current + 1) % REVIEW_HINTS.length);
        setVisible(true);
      }, REVIEW_HINT_FADE_MS);
    }, REVIEW_HINT_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(fade);
    };
  }, []);
  return (
    <p
      id="review-hint"
      className="text-sm text-ink-700 transition-opacity ease-in-out"
      style={{ opacity: visible ? 1 : 0, transitionDuration: `${REVIEW_HINT_FADE_MS}ms` }}
    >
      {REVIEW_HINTS[index]}
    </p>
  );
}
