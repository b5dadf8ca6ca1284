// The built-in editor improves ordinary writing offline, rather than giving a profile text back word for word or a
// review back with only a line break and spending the member's one go. Inside workerd, with the en_US dictionary
// loaded as the Worker loads it (text modules, wrangler.toml [[rules]]) and the gazetteer read from the static
// assets: spelling, "I", proper nouns (languages, days, Philippine places), spacing around punctuation, what changed,
// and an answer that says so when nothing would change.
import { beforeAll, describe, expect, it } from 'vitest';
import { AI_ASSIST_OUTPUT_MAX_LENGTH, changePhrases, type AiAssistAnswer } from '../../common/ai-assist.ts';
import { editWithChanges, tidyText, type EditorTools } from '../providers/ai-editor.ts';
import { call, configuredWorker, editorTools, json } from './helpers.ts';
import { createMember, type TestMember } from './members.ts';

/** The built-in editor's dictionary (and places) as the Worker loads them from the static assets. */
let tools: EditorTools;
let toolsWithPlaces: EditorTools;
beforeAll(async () => {
  tools = await editorTools();
  toolsWithPlaces = await editorTools({ places: true });
});

function assistReview(who: TestMember, currentText: string) {
  return call('/api/ai-assist-review', { body: { currentText, spaName: 'Kalinaw Spa' }, cookie: who.cookie });
}

function assistProfile(who: TestMember, currentText: string) {
  return call('/api/ai-assist-profile', { body: { currentText, profileType: who.role }, cookie: who.cookie });
}

describe('POST /api/ai-assist-profile and /api/ai-assist-review with the built-in editor', () => {
  it('improves a profile the old editor gave back word for word, and lists what it fixed', async () => {
    const me = await createMember('therapist');
    const text =
      'i am a licensed therapist from quezon city. i speak english and tagalog , and i do hilot and ventosa every weekend in makati.';
    const response = await assistProfile(me, text);
    expect(response.status).toBe(200);
    const answer = await json<AiAssistAnswer>(response);
    expect(answer.provider.name).toBe('built-in');
    expect(answer.unchanged).toBe(false);
    expect(answer.suggestions[0]).toBe(
      'I am a licensed therapist from Quezon City. I speak English and Tagalog, and I do hilot and ventosa every weekend in Makati.',
    );
    expect(changePhrases(answer.changes)).toEqual([
      'i → I (3×)',
      'quezon city → Quezon City',
      'english → English',
      'tagalog → Tagalog',
      'makati → Makati',
      'spacing and punctuation in 1 place',
    ]);
  });

  it('corrects a review that used to come back with only a line break', async () => {
    const me = await createMember('client');
    const response = await assistReview(
      me,
      'The therapist was very profesional and the room was clen. i will definately come back next saturday!',
    );
    const answer = await json<AiAssistAnswer>(response);
    expect(answer.suggestions[0]).toBe(
      'The therapist was very professional and the room was clean. I will definitely come back next Saturday!',
    );
    expect(answer.changes).toEqual([
      { kind: 'word', from: 'profesional', to: 'professional', times: 1 },
      { kind: 'word', from: 'clen', to: 'clean', times: 1 },
      { kind: 'word', from: 'i', to: 'I', times: 1 },
      { kind: 'word', from: 'definately', to: 'definitely', times: 1 },
      { kind: 'word', from: 'saturday', to: 'Saturday', times: 1 },
    ]);
  });

  it("keeps a review's complaint where the member wrote it, with only its spelling fixed", async () => {
    const me = await createMember('client');
    const text =
      'We booked a couple massage on a friday. The therapist was profesional and kind. The shower was broken and nobody fixed it. Overall i would recomend it.';
    const answer = await json<AiAssistAnswer>(await assistReview(me, text));
    expect(answer.suggestions).toEqual([
      'We booked a couple massage on a Friday. The therapist was professional and kind. The shower was broken and nobody fixed it. Overall I would recommend it.',
    ]);
  });

  it('answers "unchanged" with no suggestion when nothing would change (line breaks are not a change)', async () => {
    const me = await createMember('client');
    for (const text of [
      'We had a great time. The staff were friendly and the place was clean.',
      'We had a great time.\n\nThe staff were  friendly and the place was clean.',
      'Kaye and Bern were wonderful, and the Swedish massage was worth every peso.',
    ]) {
      const answer = await json<AiAssistAnswer>(await assistReview(me, text));
      expect(answer, text).toMatchObject({
        suggestions: [],
        changes: [],
        unchanged: true,
        provider: { name: 'built-in' },
      });
    }
  });

  it("describes a model's answer the same way, and says when the model found nothing to change", async () => {
    const me = await createMember('client');
    const model = (response: string) =>
      configuredWorker({ AI: { run: async () => ({ response }) } }).call('/api/ai-assist-review', {
        body: { currentText: 'the masage was grate and the staff were nice.' },
        cookie: me.cookie,
      });
    const improved = await json<AiAssistAnswer>(await model('The massage was great, and the staff were nice.'));
    expect(improved.provider.name).toBe('workers-ai');
    expect(changePhrases(improved.changes)).toEqual([
      'masage → massage',
      'grate → great',
      'capitals starting 1 sentence',
      'spacing and punctuation in 1 place',
    ]);
    const same = await json<AiAssistAnswer>(await model('the masage was grate and the staff were nice.'));
    expect(same).toMatchObject({ suggestions: [], unchanged: true, provider: { name: 'workers-ai' } });
  });

  it('answers from the built-in editor, with its changes, when the model fails', async () => {
    const me = await createMember('client');
    const failing = configuredWorker({ AI: { run: async () => Promise.reject(new Error('model unavailable')) } });
    const answer = await json<AiAssistAnswer>(
      await failing.call('/api/ai-assist-review', {
        body: { currentText: 'The sauna in pasig was relaxng.' },
        cookie: me.cookie,
      }),
    );
    expect(answer.provider.name).toBe('built-in');
    expect(answer.suggestions[0]).toBe('The sauna in Pasig was relaxing.');
    expect(changePhrases(answer.changes)).toEqual(['pasig → Pasig', 'relaxng → relaxing']);
  });
});

describe('the built-in editor and its dictionary', () => {
  const edit = async (text: string) => editWithChanges(text, AI_ASSIST_OUTPUT_MAX_LENGTH, toolsWithPlaces);

  it('corrects slips against the dictionary: missing, doubled, swapped and wrong letters', () => {
    expect(
      tidyText(
        'the towles were fresh, the staf was amazng and the aircon was relaxng. we will recomend it tommorow.',
        tools,
      ),
    ).toBe('The towels were fresh, the staff was amazing and the aircon was relaxing. We will recommend it tomorrow.');
  });

  it("keeps the trade's words, Philippine English, British spellings, names inside a sentence and web addresses", () => {
    const text =
      'My favourite centre for hilot, ventosa and shiatsu. Ask Kaye at kalinaw.ph or @kalinawspa, the wifi and aircon are free.';
    expect(tidyText(text, tools)).toBe(text);
  });

  it('leaves a sentence in Tagalog or Taglish as written, mending only its capitals and spacing', async () => {
    const result = await edit('sobrang sulit ng massage dito , babalik ako ulit. The staf was nice.');
    expect(result.suggestions[0]).toBe('Sobrang sulit ng massage dito, babalik ako ulit. The staff was nice.');
  });

  it('writes Philippine places with their capitals, even several words long, but not places that are English words', async () => {
    const result = await edit('We moved from las pinas to general santos, near the bay in cagayan de oro.');
    expect(result.suggestions[0]).toBe('We moved from Las Piñas to General Santos, near the bay in Cagayan de Oro.');
  });

  it('never guesses between two words that are equally likely', () => {
    // "ther": there, their, other, the? The member's word stays.
    expect(tidyText('Ther was a long wait.', tools)).toBe('Ther was a long wait.');
  });

  it('corrects and never rearranges: sentences and paragraphs stay where the member put them', async () => {
    expect((await edit('The room was clean. We arrived late. The therapist was great.')).unchanged).toBe(true);
    const kept = await edit('The room was clean.\nWe arrived late.\nThe therapist was great.');
    expect(kept.unchanged).toBe(true);
  });
});
