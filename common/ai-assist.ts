// AI Assist (spec, "States and transitions", "Validation rules" and "Error catalogue" of both parts): the sentence
// rule that unlocks it, the inputs of POST /api/ai-assist-profile (and of the review variant, which the reviews
// screen uses), and the texts the screens show. The browser and the Worker check the same rule with the same hint.
import * as z from './zod.ts';
import { NAME_MAX_LENGTH } from './limits.ts';
import { ABOUT_MAX_LENGTH } from './profile.ts';
import { formatCount } from './count.ts';
import { ROLES } from './roles.ts';
import type { AiAssistChange } from './ai-assist-output.ts';

/** Calls per member per Asia/Manila day, across profile and review assists. */
export const AI_ASSIST_DAILY_LIMIT = 20;
/** The longest text a member may send, and the longest suggestion returned. */
export const AI_ASSIST_INPUT_MAX_LENGTH = 8000;
export const AI_ASSIST_OUTPUT_MAX_LENGTH = ABOUT_MAX_LENGTH;
export const AI_ASSIST_MIN_LENGTH = 20;

export const AI_ASSIST_TEXTS = {
  needSentenceTitle: 'Need a Complete Sentence First!',
  needSentenceProfile:
    'Please write at least one complete sentence about yourself (with proper punctuation) before AI can assist with enhancements.',
  needSentenceReview:
    'Please write at least one complete sentence about your experience (with proper punctuation) before AI can assist with enhancements.',
  errorTitle: 'AI Assist Error',
  error: 'Unable to get AI suggestions. Please try again.',
  alreadyUsedTitle: 'AI Assist Already Used',
  alreadyUsed: 'AI Assist can only be used once per session to prevent spam.',
  appliedTitle: 'AI Suggestion Applied',
  unchanged: 'Looks good already',
  unchangedDetail: 'AI Assist found nothing to fix, and you can still use it after further edits.',
  dailyLimit: `AI Assist can be used ${AI_ASSIST_DAILY_LIMIT} times a day. Please try again tomorrow.`,
} as const;

/** At least 20 characters once trimmed, ending with . ! or ?, with whitespace inside (spec, "Validation rules"). */
export function hasCompleteSentence(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length >= AI_ASSIST_MIN_LENGTH && /[.!?]$/.test(trimmed) && /\s/.test(trimmed);
}

const currentText = (hint: string) =>
  z
    .string({ error: hint })
    .max(
      AI_ASSIST_INPUT_MAX_LENGTH,
      `Please keep the text under ${formatCount(AI_ASSIST_INPUT_MAX_LENGTH)} characters.`,
    )
    .refine(hasCompleteSentence, hint);

/** POST /api/ai-assist-profile. profileType is the member's role (client when missing). */
export const aiAssistProfileInput = z.object({
  currentText: currentText(AI_ASSIST_TEXTS.needSentenceProfile),
  profileType: z.enum(ROLES).default('client'),
  userName: z.string().max(NAME_MAX_LENGTH).optional(),
});

/** POST /api/ai-assist-review (built by the reviews screen): the review text and whom it is about. */
export const aiAssistReviewInput = z.object({
  currentText: currentText(AI_ASSIST_TEXTS.needSentenceReview),
  spaName: z.string().max(NAME_MAX_LENGTH).optional(),
  targetUserId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

/** The changes as short phrases for the "Fixed: …" line ("massge → massage", "capitals starting 2 sentences"). */
export function changePhrases(changes: AiAssistChange[]): string[] {
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return changes.map((change) => {
    switch (change.kind) {
      case 'word':
        return `${change.from || '(nothing)'} → ${change.to || '(removed)'}${change.times > 1 ? ` (${change.times}×)` : ''}`;
      case 'more-words':
        return plural(change.count, 'more word', 'more words');
      case 'capitals':
        return `capitals starting ${plural(change.count, 'sentence', 'sentences')}`;
      case 'punctuation':
        return `spacing and punctuation in ${plural(change.count, 'place', 'places')}`;
    }
  });
}

// Answers: their schemas and the types inferred from them are in ai-assist-output.ts.
export type { AiAssistAnswer, AiAssistChange, AiProviderInfo } from './ai-assist-output.ts';
