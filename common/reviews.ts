// Reviews: the write-review rules and texts (the payloads are review-input.ts), shared by the server (which
// enforces them) and the screen (which shows them first). Texts are the spec's ("Validation rules", "Roles and
// permissions" and "Error catalogue"), word for word.
import { REVIEW_MAX_WORDS, REVIEW_REPLY_MAX_CHARACTERS } from './limits.ts';
import { formatCount } from './count.ts';
import type { ReviewRewardOutcome } from './reviews-output.ts';
import type { Role } from './roles.ts';

export const REVIEW_MESSAGES = {
  requiredTitle: 'Review Required',
  required: 'Please write a review before submitting.',
  tooLongTitle: 'Review Too Long',
  tooLong: 'Please keep your review under 1,000 words.',
  ratingsRequired: 'Please rate Ambience, Amenities, Booking and Selection from 1 to 10.',
  ratingsInvite: "Optional: rate all four for your review to count in the spa's rating.",
  redFlagReasonRequired: 'Please choose a reason for the red flag.',
  rewardMismatch: 'That reward cannot be given to this member.',
  cannotReviewSelf: 'You cannot review yourself.',
  roleNotAllowed: 'Clients review therapists and spas; spa management reviews clients.',
  memberNotFound: 'User not found.',
  reviewNotFound: 'Review not found.',
  replyRequired: 'Please write a reply.',
  replyTooLong: `Please keep your reply under ${formatCount(REVIEW_REPLY_MAX_CHARACTERS)} characters.`,
  replyNotYours: 'Only the reviewed member can reply to this review.',
  submitFailedTitle: 'Error Submitting Review',
  submitFailed: 'Please try again later.',
  submitting: 'Submitting your review...',
} as const;

/** The four sub-ratings of a spa review (spec, "Entities and their fields": Review), each 1 to 10. */
export const SUB_RATINGS = [
  { key: 'ambienceRating', label: 'Ambience' },
  { key: 'amenitiesRating', label: 'Amenities' },
  { key: 'bookingRating', label: 'Booking' },
  { key: 'selectionRating', label: 'Selection' },
] as const;
export type SubRatingKey = (typeof SUB_RATINGS)[number]['key'];
export const SUB_RATING_MIN = 1;
export const SUB_RATING_MAX = 10;

/**
 * A review's own overall score out of 5: its four sub-ratings (out of 10) averaged and halved, to one decimal; null
 * unless all four are given. The same rule as a spa's rating, which is the mean of these (worker/services/spa-rating.ts).
 */
export function reviewScore(review: Record<SubRatingKey, number | null>): number | null {
  const values = SUB_RATINGS.map(({ key }) => review[key]);
  if (values.some((value) => value === null)) return null;
  return Math.round(((values as number[]).reduce((sum, value) => sum + value, 0) * 10) / 8) / 10;
}

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/u).length : 0;
}

/**
 * The write-review screen's refusal of the text on submit, as the spec writes it ("Review Required - Please write a
 * review before submitting."): empty or whitespace only, or over the word limit. Null when the text may be sent.
 */
export function reviewTextProblem(text: string): string | null {
  if (!text.trim()) return `${REVIEW_MESSAGES.requiredTitle} - ${REVIEW_MESSAGES.required}`;
  if (countWords(text) > REVIEW_MAX_WORDS) return `${REVIEW_MESSAGES.tooLongTitle} - ${REVIEW_MESSAGES.tooLong}`;
  return null;
}

/** Who may review whom (docs/architecture.md, "Rules the server enforces"): clients review therapists and spas, spas review clients. */
export function mayReview(reviewer: Role, target: Role): boolean {
  if (reviewer === 'client') return target === 'therapist' || target === 'spa_management';
  if (reviewer === 'spa_management') return target === 'client';
  return false;
}

export type ReviewReward = 'star' | 'flower' | 'medal' | 'red_flag';

/** The reward buttons of the write-review screen (spec, "Roles and permissions"), by viewer and target. */
export function rewardButtons(
  viewer: Role,
  target: Role,
): { reward: ReviewReward; label: string; tone: 'positive' | 'negative' }[] {
  if (viewer === 'spa_management' && target === 'client')
    return [
      { reward: 'medal', label: 'Give Medal & Submit', tone: 'positive' },
      { reward: 'red_flag', label: 'Give Red Flag & Report', tone: 'negative' },
    ];
  if (target === 'therapist') return [{ reward: 'flower', label: 'Give Flowers & Submit', tone: 'positive' }];
  return [{ reward: 'star', label: 'Give Star & Submit', tone: 'positive' }];
}

/** The success toast after a submit (spec, "Error catalogue"). */
export function reviewSuccessToast(reward: ReviewRewardOutcome | null): {
  title: string;
  description: string;
} {
  if (reward?.given && reward.kind === 'medal')
    return { title: 'Medal Awarded!', description: 'Medal awarded successfully!' };
  if (reward?.given && reward.kind === 'red_flag')
    return { title: 'Red Flag Reported!', description: 'Red flag reported successfully!' };
  if (reward?.given)
    return {
      title: 'Review Submitted Successfully!',
      description: `Your review has been posted and ${reward.kind} awarded!`,
    };
  if (reward)
    return {
      title: 'Review Submitted Successfully!',
      description: `Your review has been posted successfully! ${reward.message}`,
    };
  return { title: 'Review Submitted Successfully!', description: 'Your review has been posted successfully!' };
}

/** The rotating hints under the text area (one every 6 s; spec, "Write review: /write-review/{userSlug}"). */
export const REVIEW_HINTS = [
  'Tip: mention the ambience, the staff and how easy booking was.',
  'Tip: say what you had done and how you felt afterwards.',
  'Tip: honest details help other members choose well.',
  'Tip: keep it kind and specific; it helps the member improve.',
] as const;

/** The hint line beside AI Assist. */
export const AI_ASSIST_HINT = 'AI Assist polishes your review once it has one complete sentence.';

export const REVIEW_MAX_WORDS_LABEL = formatCount(REVIEW_MAX_WORDS);
