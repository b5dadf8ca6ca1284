// The write-review form (spec, "Write review: /write-review/{userSlug}", "States and transitions", "Validation rules"
// and "Error catalogue"): its values, the checks a press of a button runs (the text, and a red flag's reason), what
// each button sends, and its outcome: the spec's success toast and the way to the member's profile, or a refusal,
// the browser's or the server's, shown at its field, which is scrolled into view and focused. A failure that names
// no field is the spec's toast. The screen (routes/write-review.tsx) lays the fields out.
import { useNavigate } from '@tanstack/react-router';
import { useSelector, type AnyFormApi } from '@tanstack/react-form';
import type { Review } from '../../../common/profile.ts';
import type { RedFlagReason } from '../../../common/recognition.ts';
import {
  REVIEW_MESSAGES,
  reviewSuccessToast,
  reviewTextProblem,
  SUB_RATINGS,
  type ReviewReward,
  type SubRatingKey,
} from '../../../common/reviews.ts';
import type { Role } from '../../../common/roles.ts';
import { fieldErrorsOf, submitErrorMessage } from '../../lib/errors.ts';
import { trpc } from '../../trpc.ts';
import { firstProblem, showServerErrors, submitForm, useAppForm } from '../ui/form.tsx';
import { toast } from '../ui/use-toast.ts';

export interface ReviewTarget {
  id: number;
  name: string;
  slug: string;
  role: Role;
}

export type SubRatings = Partial<Record<SubRatingKey, number>>;

interface ReviewValues {
  reviewText: string;
  /** A spa's four sub-ratings, each optional: one field, as the server's refusal of any of them is theirs. */
  ratings: SubRatings;
  redFlagReason: RedFlagReason | '';
  flowerSpaId: number | null;
  /** The reward of the button pressed (null for the plain Submit), which the checks and the payload follow. */
  reward: ReviewReward | null;
}

type ReviewField = Exclude<keyof ReviewValues, 'reward'>;

/** The id of a sub-rating's list. */
export const subRatingId = (key: SubRatingKey) => `rating-${key}`;

/** The control each field's refusal brings into view and focuses (for the sub-ratings, the first list). */
export const REVIEW_FIELD_IDS: Record<ReviewField, string> = {
  ratings: subRatingId(SUB_RATINGS[0].key),
  reviewText: 'review-text',
  redFlagReason: 'flag-reason',
  flowerSpaId: 'flower-spa',
};

/** The fields in the order of the form: the first refused one is scrolled to and focused. */
const FIELD_ORDER: readonly ReviewField[] = ['ratings', 'reviewText', 'redFlagReason', 'flowerSpaId'];

/** The field a server refusal names (its zod issue's path), as this form's fields. */
function fieldOf(name: string): ReviewField | null {
  if (name === 'reviewText' || name === 'redFlagReason' || name === 'flowerSpaId') return name;
  return SUB_RATINGS.some(({ key }) => key === name) ? 'ratings' : null;
}

/** The refusals of a failed submit that concern this form's fields, the first per field. */
function refusedFields(error: unknown): Partial<Record<ReviewField, string>> {
  const refused: Partial<Record<ReviewField, string>> = {};
  for (const [name, message] of Object.entries(fieldErrorsOf(error))) {
    const field = fieldOf(name);
    if (field) refused[field] ??= message;
  }
  return refused;
}

/** The screen's checks: the text (empty or whitespace only, or over the word limit), and a red flag's reason. */
function reviewChecks({ value }: { value: ReviewValues }) {
  const fields: Partial<Record<ReviewField, string>> = {};
  const textProblem = reviewTextProblem(value.reviewText);
  if (textProblem) fields.reviewText = textProblem;
  if (value.reward === 'red_flag' && !value.redFlagReason) fields.redFlagReason = REVIEW_MESSAGES.redFlagReasonRequired;
  return Object.keys(fields).length > 0 ? { fields } : undefined;
}

/** Brings the first refused field into view with the focus on it. */
function revealFirstProblem(form: AnyFormApi) {
  const first = firstProblem(form, FIELD_ORDER);
  if (!first) return;
  // After the render that shows the message, so the scroll accounts for it.
  requestAnimationFrame(() => {
    const element = document.getElementById(REVIEW_FIELD_IDS[first.field]);
    if (!element) return;
    element.scrollIntoView({ block: 'center', behavior: 'auto' });
    element.focus({ preventScroll: true });
  });
}

/** A second review of the same member starts from the first one's text and sub-ratings. */
function initialValues(earlier: Review | null): ReviewValues {
  const ratings: SubRatings = {};
  for (const { key } of SUB_RATINGS) {
    const value = earlier?.[key];
    if (value !== null && value !== undefined) ratings[key] = value;
  }
  return { reviewText: earlier?.reviewText ?? '', ratings, redFlagReason: '', flowerSpaId: null, reward: null };
}

/**
 * The form, `send` (what a button press does: the checks, then the submit with that button's reward), whether a
 * submit is under way, and whether the buttons are disabled: while submitting, and while the text is empty (whitespace
 * alone is refused on submit, with the spec's message).
 */
export function useReviewForm({
  target,
  userSlug,
  earlier,
}: {
  target: ReviewTarget;
  /** The profile the screen goes back to once the review is posted. */
  userSlug: string;
  earlier: Review | null;
}) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const submit = trpc.reviews.submit.useMutation({
    // A refused field shows its message there; anything else is the spec's toast, whose text names the status.
    meta: { errorToast: false },
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
      const refused = refusedFields(error);
      if (Object.keys(refused).length > 0) {
        showServerErrors(form, refused);
        return revealFirstProblem(form);
      }
      toast({
        variant: 'destructive',
        title: REVIEW_MESSAGES.submitFailedTitle,
        description: submitErrorMessage(error),
      });
    },
  });
  const isSpa = target.role === 'spa_management';
  const form = useAppForm({
    defaultValues: initialValues(earlier),
    validators: { onSubmit: reviewChecks },
    onSubmitInvalid: ({ formApi }) => revealFirstProblem(formApi),
    onSubmit: ({ value: { reviewText, ratings, reward, redFlagReason, flowerSpaId } }) =>
      submit.mutate({
        targetUserId: target.id,
        reviewText,
        ...(isSpa ? ratings : {}),
        ...(reward === 'flower' ? { giveFlower: true, ...(flowerSpaId ? { flowerSpaId } : {}) } : {}),
        ...(reward === 'star' || reward === 'medal' ? { giveStar: true } : {}),
        ...(reward === 'red_flag' ? { giveRedFlag: true, redFlagReason: redFlagReason || undefined } : {}),
      }),
  });
  const textEmpty = useSelector(form.store, (state) => state.values.reviewText === '');

  function send(reward: ReviewReward | null) {
    // The reward is a value without a field of its own: no field state, no checks of its own.
    form.setFieldValue('reward', reward, { dontUpdateMeta: true, dontValidate: true });
    void submitForm(form);
  }

  return { form, send, submitting: submit.isPending, disabled: submit.isPending || textEmpty };
}

export type ReviewForm = ReturnType<typeof useReviewForm>['form'];
