// The answers of writing, replying to and reporting reviews as zod schemas: the procedures declare them as their
// output (so every answer is checked), the OpenAPI document is generated from them, and the types are inferred from
// them (common/reviews.ts imports the types only, so the write-review screen does not load zod). A review itself is
// profile-output.ts's reviewSchema.
import {
  reviewSchema,
  roleSchema,
  timestampSchema,
  verifiedVisitExplanationSchema,
  verifiedVisitSchema,
} from './profile-output.ts';
import { recognitionKindSchema } from './recognition-output.ts';
import * as z from './zod.ts';

/** What became of the reward asked for with a review. */
export const reviewRewardOutcomeSchema = z
  .object({
    kind: recognitionKindSchema,
    given: z.boolean(),
    message: z.string().meta({ description: 'Why it was not given (empty when it was).' }),
  })
  .meta({ id: 'ReviewRewardOutcome' });

/** A review saved: a second review of the same member edits the first (`edited`). */
export const reviewSubmissionSchema = z
  .object({
    review: z.object({
      id: z.int(),
      createdAt: timestampSchema,
      updatedAt: z.nullable(timestampSchema),
      edited: z.boolean(),
      verifiedVisit: verifiedVisitSchema,
      verification: verifiedVisitExplanationSchema,
    }),
    target: z.object({ id: z.int(), name: z.string(), slug: z.string(), role: roleSchema }),
    reward: z.nullable(reviewRewardOutcomeSchema).meta({ description: 'null when no reward was asked for.' }),
  })
  .meta({ id: 'ReviewSubmission' });

/** The write-review screen: the member to review and the viewer's own earlier review of them (to edit). */
export const reviewTargetSchema = z
  .object({
    target: z
      .nullable(
        z.object({
          id: z.int(),
          name: z.string(),
          slug: z.string(),
          role: roleSchema,
          profilePic: z.nullable(z.string()),
        }),
      )
      .meta({ description: 'null for a member not found or banned.' }),
    mayReview: z
      .optional(z.boolean())
      .meta({ description: 'Whether the viewer may review this member; absent when `target` is null.' }),
    myReview: z.nullable(reviewSchema),
  })
  .meta({ id: 'ReviewTarget' });

export const reviewReportSentSchema = z.object({ id: z.int(), message: z.string() }).meta({ id: 'ReviewReportSent' });

export type ReviewRewardOutcome = z.infer<typeof reviewRewardOutcomeSchema>;
