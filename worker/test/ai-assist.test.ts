// AI Assist through POST /api/ai-assist-profile: the sentence rule checked again on the server with the spec's
// hint, the daily limit per member (429), and the built-in editor (the embedded default): it improves the
// member's own text and never adds a word of fact.
import { beforeAll, describe, expect, it } from 'vitest';
import { AI_ASSIST_DAILY_LIMIT, AI_ASSIST_OUTPUT_MAX_LENGTH, AI_ASSIST_TEXTS } from '../../common/ai-assist.ts';
import { manilaDay } from '../../common/time.ts';
import { plainText, systemPrompt } from '../providers/ai.ts';
import { editText, sentencesOf, tidyText, type EditorTools } from '../providers/ai-editor.ts';
import { call, database, editorTools, json, messageOf, type Output } from './helpers.ts';
import { createMember, type TestMember } from './members.ts';

/** The built-in editor's dictionary (and places) as the Worker loads them from the static assets. */
let tools: EditorTools;
beforeAll(async () => {
  tools = await editorTools();
});

function assist(who: TestMember | null, body: unknown) {
  return call('/api/ai-assist-profile', { body, cookie: who?.cookie ?? null });
}

/** The words of a text, lower case, without punctuation. */
const words = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9']+/g) ?? []);

describe('POST /api/ai-assist-profile', () => {
  it('answers 401 when nobody is signed in', async () => {
    expect((await assist(null, { currentText: 'We offer hilot and Swedish massage daily.' })).status).toBe(401);
  });

  it("refuses text without a complete sentence with 400 and the spec's hint", async () => {
    const me = await createMember('client');
    for (const currentText of [
      'Too short.',
      'no punctuation at the end of this text',
      'Supercalifragilisticexpialidocious!',
      '   ',
      undefined,
    ]) {
      const response = await assist(me, { currentText, profileType: 'client', userName: me.name });
      expect(response.status, String(currentText)).toBe(400);
      expect(await messageOf(response)).toBe(AI_ASSIST_TEXTS.needSentenceProfile);
    }
    // Refused calls do not count against the day.
    const { rows } = await database().execute({
      sql: 'select uses from ai_assist_uses where user_id = ?',
      args: [me.id],
    });
    expect(rows).toHaveLength(0);
  });

  it('answers suggestions from the built-in editor, the first one the improved text', async () => {
    const me = await createMember('spa_management');
    const response = await assist(me, {
      currentText:
        'you can book us on viber.we are open daily 10am to 10pm  .our spa offers hilot and  swedish massge ,and a sauna. welcome to Kalinaw spa in pasig!',
      profileType: 'spa_management',
      userName: me.name,
    });
    expect(response.status).toBe(200);
    const body = await json<Output<'ai.assistProfile'>>(response);
    expect(body.provider).toEqual({
      name: 'built-in',
      label: 'Built-in editor (works offline): it tidies your own words and never adds facts.',
    });
    // The member's own sentences, corrected, in the member's order: the editor never rearranges them.
    expect(body.suggestions).toEqual([
      'You can book us on Viber. We are open daily 10am to 10pm. Our spa offers hilot and Swedish massage, and a sauna. Welcome to Kalinaw spa in Pasig!',
    ]);
  });

  it('limits each member to the daily allowance with 429 and Retry-After until Manila midnight', async () => {
    const me = await createMember('client');
    await database().execute({
      sql: 'insert into ai_assist_uses (user_id, manila_day, uses) values (?, ?, ?)',
      args: [me.id, manilaDay(), AI_ASSIST_DAILY_LIMIT - 1],
    });
    const text = { currentText: 'I love a good hilot after a long week at work.' };
    expect((await assist(me, text)).status).toBe(200);
    const limited = await assist(me, text);
    expect(limited.status).toBe(429);
    expect(await messageOf(limited)).toBe(AI_ASSIST_TEXTS.dailyLimit);
    const retryAfter = Number(limited.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    // Another member is not affected.
    expect((await assist(await createMember('client'), text)).status).toBe(200);
  });
});

describe('the built-in editor', () => {
  it('fixes spelling of common words, spacing, capitals and punctuation', () => {
    expect(tidyText('i recieve alot of  reccomendations ,thanks to my  experiance.i love teh the hilot', tools)).toBe(
      'I receive a lot of recommendations, thanks to my experience. I love the hilot.',
    );
    expect(tidyText('Open daily!!! Book now??', tools)).toBe('Open daily! Book now?');
    expect(tidyText('dont miss our foot spa', tools)).toBe("Don't miss our foot spa.");
  });

  it('keeps abbreviations and initials inside a sentence', () => {
    expect(sentencesOf('Find us at 1430 M.H. del Pilar St. in Ermita. Open daily.')).toEqual([
      'Find us at 1430 M.H. del Pilar St. in Ermita.',
      'Open daily.',
    ]);
  });

  it("keeps a therapist's sentences in the order they were written, correcting only their words", () => {
    const text =
      'Home service around cubao. i am Joy. Licensed therapist with 8 years of experiance. I do shiatsu and hot stone massage. Message me on Viber to book.';
    expect(editText(text, AI_ASSIST_OUTPUT_MAX_LENGTH, tools)).toEqual([
      'Home service around Cubao. I am Joy. Licensed therapist with 8 years of experience. I do shiatsu and hot stone massage. Message me on Viber to book.',
    ]);
  });

  it("never invents facts: every word of a suggestion is the member's own (or a corrected spelling)", () => {
    const samples = [
      'We are a family spa in Marikina. Our therapists do hilot and ventosa. Parking is free. Book by phone.',
      'Nurse on night shifts. Loves a good foot spa after work. Always looking for quiet places on weekends.',
      'The therapist had strong hands and the room was clean. A bit pricey though. Will definitely come back!',
    ];
    for (const sample of samples) {
      for (const suggestion of editText(sample, 2000, tools)) {
        for (const word of words(suggestion)) expect(words(sample).has(word), word).toBe(true);
      }
    }
  });

  it('caps the output at the limit, at a sentence end', () => {
    const long = Array.from({ length: 200 }, (_, i) => `sentence number ${i} is here.`).join(' ');
    const [suggestion] = editText(long, AI_ASSIST_OUTPUT_MAX_LENGTH, tools);
    expect(suggestion!.length).toBeLessThanOrEqual(AI_ASSIST_OUTPUT_MAX_LENGTH);
    expect(suggestion!.endsWith('.')).toBe(true);
  });
});

describe('model answers', () => {
  it('are made plain text: no Markdown, quotes or markup', () => {
    expect(plainText('"**Welcome** to our spa.\n\n- Hilot\n- Sauna\n\n## Book\n<b>Call us</b>."')).toBe(
      'Welcome to our spa.\n\nHilot\nSauna\n\nBook\nCall us.',
    );
  });

  it('are asked never to add facts, for the kind of text at hand', () => {
    const prompt = systemPrompt({ kind: 'review', text: 'x', context: { subjectName: 'Makati Serenity Spa' } });
    expect(prompt).toContain('a review of Makati Serenity Spa');
    expect(prompt).toContain('Never add facts');
  });
});
