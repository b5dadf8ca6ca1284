// AI Assist's provider (docs/architecture.md, "Providers"), one interface for every kind of text: a member's about text
// (POST /api/ai-assist-profile) and a review (POST /api/ai-assist-review, built by the reviews screen). The
// embedded default is the built-in editor (ai-editor.ts), which works offline and never adds a fact; with an
// `[ai]` binding the Worker uses Workers AI, and with AI_BASE_URL and AI_API_KEY an OpenAI-compatible endpoint.
// A model's answer is made plain text and capped; when the model fails or answers nothing usable, the built-in
// editor answers instead and says so. Every answer says what its first suggestion changes (text-changes.ts), or
// that the text needs no change (no suggestion then: the screens say so and the member's go is not spent). The
// daily limit per member is counted here too (one upsert).
import { sql } from 'drizzle-orm';
import {
  AI_ASSIST_DAILY_LIMIT,
  AI_ASSIST_OUTPUT_MAX_LENGTH,
  AI_ASSIST_TEXTS,
  type AiAssistAnswer,
  type AiProviderInfo,
} from '../../common/ai-assist.ts';
import { ROLE_LABELS, type Role } from '../../common/roles.ts';
import { manilaDay, secondsUntilManilaMidnight } from '../../common/time.ts';
import type { Database } from '../db.ts';
import type { Bindings, Config } from '../env.ts';
import { ACCEPTED_WORDS, capLength, editWithChanges, type AssistKind, type EditResult } from './ai-editor.ts';
import { loadEnglishSpeller } from './english-dictionary.ts';
import { loadGazetteer } from './gazetteer.ts';
import { describeChanges, sameWording } from './text-changes.ts';
import { tooManyRequests } from '../errors.ts';
import { log } from '../log.ts';

export type { AssistKind };

export interface AssistRequest {
  kind: AssistKind;
  /** The member's own text (already checked against the sentence rule). */
  text: string;
  /**
   * What the text is about. A profile: the writer's role and name. A review: the reviewed member's name
   * (spaName, the spec's field) and role, when known.
   */
  context: { role?: Role; name?: string; subjectName?: string; subjectRole?: Role };
}

export interface AiProvider {
  info: AiProviderInfo;
  suggest(request: AssistRequest): Promise<string[]>;
}

export const BUILT_IN_EDITOR: AiProviderInfo = {
  name: 'built-in',
  label: 'Built-in editor (works offline): it tidies your own words and never adds facts.',
};

const REQUEST_TIMEOUT_MS = 20_000;

/**
 * The built-in editor's edit of a request, with the dictionary and the gazetteer's places (for their capitals) from
 * the static assets (`vite build` writes them); without the places when they cannot be read.
 */
export async function builtInEdit({ text }: AssistRequest, assets: Fetcher): Promise<EditResult> {
  const [speller, places] = await Promise.all([
    loadEnglishSpeller(assets, ACCEPTED_WORDS),
    loadGazetteer(assets).catch(() => undefined),
  ]);
  return editWithChanges(text, AI_ASSIST_OUTPUT_MAX_LENGTH, { speller, places });
}

function builtIn(assets: Fetcher): AiProvider {
  return { info: BUILT_IN_EDITOR, suggest: async (request) => (await builtInEdit(request, assets)).suggestions };
}

/** The instructions every model gets: improve, never invent, plain text. */
export function systemPrompt(request: AssistRequest): string {
  const subject =
    request.kind === 'profile'
      ? `the "about" text of a ${ROLE_LABELS[request.context.role ?? 'client']} profile on a spa and massage community in the Philippines`
      : `a review${request.context.subjectName ? ` of ${request.context.subjectName}` : ''} on a spa and massage community in the Philippines`;
  return [
    `You edit ${subject}.`,
    'Improve the text the member wrote: fix spelling, grammar, spacing, capitals and punctuation. Keep every sentence where the member put it: never reorder, regroup or move them.',
    "Never add facts, names, prices, places, services, hours or claims that are not in the original. Keep the member's voice and language.",
    `Answer with the improved text only, as plain text without Markdown, headings, lists or quotes, in at most ${AI_ASSIST_OUTPUT_MAX_LENGTH} characters.`,
  ].join(' ');
}

/** A model's answer as the plain text the screens apply: no Markdown, no wrapping quotes, capped. */
export function plainText(answer: string): string {
  const text = answer
    .replace(/```[a-z]*\n?|```/gi, '')
    .replace(/^#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]*[-*•][ \t]+/gm, '')
    .replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, '$1$2')
    .replace(/(^|\s)[*_]([^*_\n]+)[*_](?=\s|[.,!?]|$)/g, '$1$2')
    .replace(/<[^>]+>/g, '')
    .trim()
    .replace(/^["“](.*)["”]$/s, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return capLength(text, AI_ASSIST_OUTPUT_MAX_LENGTH);
}

/** The Workers AI models that answer chat messages: the configured model (`AI_MODEL`) is taken to be one of them. */
type ChatModel = {
  [Name in keyof AiModels]: AiModels[Name] extends BaseAiTextGeneration ? Name : never;
}[keyof AiModels];

function workersAi(ai: Ai, model: string): AiProvider {
  return {
    info: { name: 'workers-ai', label: `Workers AI (${model})` },
    async suggest(request) {
      const answer = (await ai.run(model as ChatModel, {
        messages: [
          { role: 'system', content: systemPrompt(request) },
          { role: 'user', content: request.text },
        ],
        max_tokens: 900,
      })) as { response?: string };
      return [plainText(answer.response ?? '')].filter(Boolean);
    },
  };
}

function openAiCompatible(baseUrl: string, apiKey: string, model: string): AiProvider {
  return {
    info: { name: 'openai-compatible', label: `AI model ${model}` },
    async suggest(request) {
      const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({
          model,
          temperature: 0.3,
          max_tokens: 900,
          messages: [
            { role: 'system', content: systemPrompt(request) },
            { role: 'user', content: request.text },
          ],
        }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`AI endpoint answered ${response.status}`);
      const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
      return [plainText(body.choices?.[0]?.message?.content ?? '')].filter(Boolean);
    },
  };
}

export const DEFAULT_WORKERS_AI_MODEL = '@cf/meta/llama-3.1-8b-instruct';
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';

/** The configured provider: an OpenAI-compatible endpoint, else Workers AI, else the built-in editor. */
export function aiProvider(config: Config, env: Bindings): AiProvider {
  if (config.AI_BASE_URL && config.AI_API_KEY) {
    return openAiCompatible(config.AI_BASE_URL, config.AI_API_KEY, config.AI_MODEL ?? DEFAULT_OPENAI_MODEL);
  }
  if (env.AI) return workersAi(env.AI, config.AI_MODEL ?? DEFAULT_WORKERS_AI_MODEL);
  return builtIn(env.ASSETS);
}

/**
 * Suggestions from the configured provider and what the first one changes, or that nothing needs to; the
 * built-in editor's when the provider fails or says nothing. `assets` gives the built-in editor its dictionary and
 * places.
 */
export async function assist(provider: AiProvider, request: AssistRequest, assets: Fetcher): Promise<AiAssistAnswer> {
  if (provider.info.name !== 'built-in') {
    try {
      const [first, ...others] = await provider.suggest(request);
      if (first) {
        if (sameWording(first, request.text))
          return { suggestions: [], changes: [], unchanged: true, provider: provider.info };
        return {
          suggestions: [first, ...others],
          changes: describeChanges(request.text, first),
          unchanged: false,
          provider: provider.info,
        };
      }
    } catch (error) {
      log.error('AI assist: the provider failed, the built-in editor answers', { error });
    }
  }
  return { ...(await builtInEdit(request, assets)), provider: BUILT_IN_EDITOR };
}

/** Counts one use against the member's daily allowance (Asia/Manila days); 429 with Retry-After when spent. */
export async function countAssistUse(
  db: Database,
  userId: number,
  resHeaders: Headers,
  now = Date.now(),
): Promise<void> {
  const day = manilaDay(now);
  const [counted] = await db.batch([
    db.all<{ uses: number }>(sql`
      insert into ai_assist_uses (user_id, manila_day, uses) values (${userId}, ${day}, 1)
      on conflict (user_id, manila_day) do update set uses = uses + 1 where uses < ${AI_ASSIST_DAILY_LIMIT}
      returning uses`),
    db.run(sql`delete from ai_assist_uses where user_id = ${userId} and manila_day < ${day}`),
  ]);
  if (counted.length > 0) return;
  resHeaders.set('Retry-After', String(secondsUntilManilaMidnight(now)));
  throw tooManyRequests(AI_ASSIST_TEXTS.dailyLimit);
}
