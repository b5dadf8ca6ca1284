// The payloads of reviews and replies (zod): what POST /api/user-reviews and a reply are parsed with. Apart from
// reviews.ts so that a screen that only shows reviews loads no zod.
import * as z from './zod.ts';
import { REVIEW_MAX_CHARACTERS, REVIEW_MAX_WORDS, REVIEW_REPLY_MAX_CHARACTERS } from './limits.ts';
import { RECOGNITION_MESSAGES } from './recognition.ts';
import { redFlagReasonText } from './recognition-input.ts';
import { countWords, REVIEW_MESSAGES, SUB_RATING_MAX, SUB_RATING_MIN } from './reviews.ts';

const subRating = z.coerce
  .number({ error: REVIEW_MESSAGES.ratingsRequired })
  .int(REVIEW_MESSAGES.ratingsRequired)
  .min(SUB_RATING_MIN, REVIEW_MESSAGES.ratingsRequired)
  .max(SUB_RATING_MAX, REVIEW_MESSAGES.ratingsRequired);

export const memberId = z.coerce
  .number({ error: REVIEW_MESSAGES.memberNotFound })
  .int()
  .positive(REVIEW_MESSAGES.memberNotFound);

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
 * says so explicitly); Give Red Flag & Report sends giveRedFlag with a reason (one outside the fixed list is kept as
 * Other, its text with the red flag's description: `redFlagReasonOf`). A flower may
 * name its spa (flowerSpaId); without one it goes to the therapist's first spa of their lineup.
 */
export const reviewInput = z
  .object({
    targetUserId: memberId,
    reviewText,
    ambienceRating: subRating.nullish(),
    amenitiesRating: subRating.nullish(),
    bookingRating: subRating.nullish(),
    selectionRating: subRating.nullish(),
    giveFlower: z.boolean().optional(),
    /** With giveFlower: the spa the flower is given at (the picker offers the therapist's lineup first). */
    flowerSpaId: z.coerce
      .number()
      .int(RECOGNITION_MESSAGES.spaNotFound)
      .positive(RECOGNITION_MESSAGES.spaNotFound)
      .optional(),
    giveStar: z.boolean().optional(),
    giveMedal: z.boolean().optional(),
    giveRedFlag: z.boolean().optional(),
    redFlagReason: redFlagReasonText.optional(),
  })
  .superRefine((input, context) => {
    // A red flag names its reason; the refusal names the field, so the screen shows it there.
    if (input.giveRedFlag && !input.redFlagReason)
      context.addIssue({ code: 'custom', path: ['redFlagReason'], message: REVIEW_MESSAGES.redFlagReasonRequired });
  });

export const replyText = z
  .string({ error: REVIEW_MESSAGES.replyRequired })
  .transform((text) => text.trim())
  .pipe(
    z.string().min(1, REVIEW_MESSAGES.replyRequired).max(REVIEW_REPLY_MAX_CHARACTERS, REVIEW_MESSAGES.replyTooLong),
  );

export const reviewIdInput = z.object({ reviewId: z.coerce.number().int().positive(REVIEW_MESSAGES.reviewNotFound) });
export const replyInput = reviewIdInput.extend({ replyText });
