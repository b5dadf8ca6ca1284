// Reviews: the write-review payload and its rules, shared by the server (which enforces them) and the screen
// (which shows them first). Texts are the spec's (part 2 sections 5, 6 and 8), word for word.
import { z } from 'zod';
import { REVIEW_MAX_CHARACTERS, REVIEW_MAX_WORDS, REVIEW_REPLY_MAX_CHARACTERS } from './limits.ts';
import { RECOGNITION_MESSAGES, RED_FLAG_REASONS } from './recognition.ts';
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
  replyTooLong: `Please keep your reply under ${REVIEW_REPLY_MAX_CHARACTERS.toLocaleString('en-US')} characters.`,
  replyNotYours: 'Only the reviewed member can reply to this review.',
  submitFailedTitle: 'Error Submitting Review',
  submitFailed: 'Please try again later.',
  submitting: 'Submitting your review...',
} as const;

/** The four sub-ratings of a spa review (spec part 1, Review entity), each 1 to 10. */
export const SUB_RATINGS = [
  { key: 'ambienceRating', label: 'Ambience' },
  { key: 'amenitiesRating', label: 'Amenities' },
  { key: 'bookingRating', label: 'Booking' },
  { key: 'selectionRating', label: 'Selection' },
] as const;
export type SubRatingKey = (typeof SUB_RATINGS)[number]['key'];
export const SUB_RATING_MIN = 1;
export const SUB_RATING_MAX = 10;

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/u).length : 0;
}


const subRating = z.coerce
  .number({ error: REVIEW_MESSAGES.ratingsRequired })
  .int(REVIEW_MESSAGES.ratingsRequired)
  .min(SUB_RATING_MIN, REVIEW_MESSAGES.ratingsRequired)
  .max(SUB_RATING_MAX, REVIEW_MESSAGES.ratingsRequired);

export const memberId = z.coerce.number({ error: REVIEW_MESSAGES.memberNotFound }).int().positive(REVIEW_MESSAGES.memberNotFound);

export const reviewText = z
  .string({ error: REVIEW_MESSAGES.required })
  .max(REVIEW_MAX_CHARACTERS, REVIEW_MESSAGES.tooLong)
  .transform((text) => text.trim())
  .pipe(
    z
      .string()
      .min(1, REVIEW_MESSAGES.required)
      .refine((text) => countWords(text) <= REVIEW_MAX_WORDS, REVIEW_MESSAGES.tooLong),
  );

/**
 * POST /api/user-reviews. The reward flags follow the spec: the positive button sends giveFlower (therapist
 * target) or giveStar (otherwise; for spa management reviewing a client that reward is a medal, and giveMedal
 * says so explicitly); Give Red Flag & Report sends giveRedFlag with a reason from the fixed list. A flower may
 * name its spa (flowerSpaId); without one it goes to the therapist's first spa of their lineup.
 */
export const reviewInput = z.object({
  targetUserId: memberId,
  reviewText,
  ambienceRating: subRating.nullish(),
  amenitiesRating: subRating.nullish(),
  bookingRating: subRating.nullish(),
  selectionRating: subRating.nullish(),
  giveFlower: z.boolean().optional(),
  /** With giveFlower: the spa the flower is given at (the picker offers the therapist's lineup first). */
  flowerSpaId: z.coerce.number().int(RECOGNITION_MESSAGES.spaNotFound).positive(RECOGNITION_MESSAGES.spaNotFound).optional(),
  giveStar: z.boolean().optional(),
  giveMedal: z.boolean().optional(),
  giveRedFlag: z.boolean().optional(),
  redFlagReason: z.enum(RED_FLAG_REASONS, { error: REVIEW_MESSAGES.redFlagReasonRequired }).optional(),
}).superRefine((input, context) => {
  // A red flag names its reason; the refusal names the field, so the screen shows it there.
  if (input.giveRedFlag && !input.redFlagReason) context.addIssue({ code: 'custom', path: ['redFlagReason'], message: REVIEW_MESSAGES.redFlagReasonRequired });
});
export type ReviewInput = z.input<typeof reviewInput>;

export const replyText = z
  .string({ error: REVIEW_MESSAGES.replyRequired })
  .transform((text) => text.trim())
  .pipe(z.string().min(1, REVIEW_MESSAGES.replyRequired).max(REVIEW_REPLY_MAX_CHARACTERS, REVIEW_MESSAGES.replyTooLong));

export const reviewIdInput = z.object({ reviewId: z.coerce.number().int().positive(REVIEW_MESSAGES.reviewNotFound) });
export const replyInput = reviewIdInput.extend({ replyText });

/** Who may review whom (docs/architecture.md, "Rules the server enforces"): clients review therapists and spas, spas review clients. */
export function mayReview(reviewer: Role, target: Role): boolean {
  if (reviewer === 'client') return target === 'therapist' || target === 'spa_management';
  if (reviewer === 'spa_management') return target === 'client';
  return false;
}

export type ReviewReward = 'star' | 'flower' | 'medal' | 'red_flag';

/** The reward buttons of the write-review screen (spec part 2 section 6), by viewer and target. */
export function rewardButtons(viewer: Role, target: Role): { reward: ReviewReward; label: string; tone: 'positive' | 'negative' }[] {
  if (viewer === 'spa_management' && target === 'client')
    return [
      { reward: 'medal', label: 'Give Medal & Submit', tone: 'positive' },
      { reward: 'red_flag', label: 'Give Red Flag & Report', tone: 'negative' },
    ];
  if (target === 'therapist') return [{ reward: 'flower', label: 'Give Flowers & Submit', tone: 'positive' }];
  return [{ reward: 'star', label: 'Give Star & Submit', tone: 'positive' }];
}

/** The success toast after a submit (spec part 2 section 8). */
export function reviewSuccessToast(reward: { kind: ReviewReward; given: boolean; message: string } | null): {
  title: string;
  description: string;
} {
  if (reward?.given && reward.kind === 'medal') return { title: 'Medal Awarded!', description: 'Medal awarded successfully!' };
  if (reward?.given && reward.kind === 'red_flag')
    return { title: 'Red Flag Reported!', description: 'Red flag reported successfully!' };
  if (reward?.given)
    return { title: 'Review Submitted Successfully!', description: `Your review has been posted and ${reward.kind} awarded!` };
  if (reward) return { title: 'Review Submitted Successfully!', description: `Your review has been posted successfully! ${reward.message}` };
  return { title: 'Review Submitted Successfully!', description: 'Your review has been posted successfully!' };
}

/** The rotating hints under the text area (one every 6 s, spec part 2 section 2). */
export const REVIEW_HINTS = [
  'Tip: mention the ambience, the staff and how easy booking was.',
  'Tip: say what you had done and how you felt afterwards.',
  'Tip: honest details help other members choose well.',
  'Tip: keep it kind and specific; it helps the member improve.',
] as const;

/** The hint line beside AI Assist. */
export const AI_ASSIST_HINT = 'AI Assist polishes your review once it has one complete sentence.';

export const REVIEW_MAX_WORDS_LABEL = REVIEW_MAX_WORDS.toLocaleString('en-US');
