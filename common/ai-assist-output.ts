// The answers of AI Assist as zod schemas: the procedures declare them as their output, the OpenAPI document is
// generated from them, and the types the screens use are inferred from them (common/ai-assist.ts re-exports the
// types only).
import * as z from './zod.ts';

/** The providers AI Assist can use: the built-in editor, Workers AI, or an OpenAI-compatible endpoint. */
export const AI_PROVIDER_NAMES = ['built-in', 'workers-ai', 'openai-compatible'] as const;

export const aiProviderInfoSchema = z
  .object({
    name: z.enum(AI_PROVIDER_NAMES),
    label: z.string().meta({ description: 'What the screens name beside the AI Assist button.' }),
  })
  .meta({ id: 'AiProviderInfo', description: 'The provider that writes the suggestions.' });

/** One change an AI Assist suggestion makes. */
export const aiAssistChangeSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('word'), from: z.string(), to: z.string(), times: z.int() }),
    z.object({ kind: z.literal('more-words'), count: z.int() }),
    z.object({ kind: z.literal('capitals'), count: z.int() }),
    z.object({ kind: z.literal('punctuation'), count: z.int() }),
  ])
  .meta({ id: 'AiAssistChange', description: 'One change the first suggestion makes.' });

export const aiAssistAnswerSchema = z
  .object({
    suggestions: z
      .array(z.string())
      .meta({ description: 'The improved texts, the one to apply first; empty when the text needs no change.' }),
    changes: z.array(aiAssistChangeSchema).meta({
      description: 'What the first suggestion changes, for the screen to show ("Fixed: massge → massage, …").',
    }),
    unchanged: z.boolean().meta({
      description: 'Nothing to improve: the screens say "Looks good already" and the member\'s one go is not spent.',
    }),
    provider: aiProviderInfoSchema,
  })
  .meta({ id: 'AiAssistAnswer' });

export type AiProviderInfo = z.infer<typeof aiProviderInfoSchema>;
export type AiAssistChange = z.infer<typeof aiAssistChangeSchema>;
export type AiAssistAnswer = z.infer<typeof aiAssistAnswerSchema>;
