// The shared profile rules: which tab rows each viewer sees, the editor's input (spec messages, unknown fields),
// phone numbers as members type them, handle links, the AI Assist sentence rule and the browser's file check.
import { describe, expect, it } from 'vitest';
import { AI_ASSIST_TEXTS, aiAssistProfileInput, hasCompleteSentence } from './ai-assist.ts';
import { handleLink, phoneContactLinks, phoneLink } from './contact-links.ts';
import { checkImageFile, IMAGE_MAX_BYTES, IMAGE_TEXTS } from './image-presets.ts';
import { toE164 } from './phone.ts';
import { canSeeRedFlags, nameIssue, PROFILE_TEXTS, roleTexts } from './profile.ts';
import { updateProfileInput } from './profile-input.ts';
import { profileTabRows } from './profile-tabs.ts';
import type { Role } from './roles.ts';

const keys = (viewer: { id: number; role: Role }, target: { id: number; role: Role }) =>
  profileTabRows(viewer, target).map((row) => row.map((tab) => tab.label));

describe('profile tab rows', () => {
  const client = { id: 1, role: 'client' as const };
  const otherClient = { id: 2, role: 'client' as const };
  const spa = { id: 3, role: 'spa_management' as const };
  const therapist = { id: 4, role: 'therapist' as const };
  const admin = { id: 5, role: 'admin' as const };
  const clientRows = [
    ['About', 'Spas Reviewed', 'Therapists Reviewed'],
    ['Stars Given', 'Flowers Given'],
    ['Red Flags Received', 'Medals Received', 'Contact'],
  ];

  it('shows rows 2 and 3 of a client to spa management, therapists, admins and the client', () => {
    for (const viewer of [spa, therapist, admin, client]) expect(keys(viewer, client)).toEqual(clientRows);
  });

  it('hides rows 2 and 3 when a client views another client', () => {
    expect(keys(otherClient, client)).toEqual([['About', 'Spas Reviewed', 'Therapists Reviewed']]);
  });

  it('gives spa and therapist profiles their first row and Contact, to everyone', () => {
    for (const viewer of [client, spa, therapist, admin]) {
      expect(keys(viewer, spa)).toEqual([['Spa', 'Stars', 'Reviews'], ['Contact']]);
      expect(keys(viewer, therapist)).toEqual([['Therapist', 'Flowers', 'Reviews'], ['Contact']]);
    }
  });

  it('follows the server on red flags', () => {
    expect(canSeeRedFlags(otherClient, client.id)).toBe(false);
    expect(canSeeRedFlags(client, client.id)).toBe(true);
    for (const viewer of [spa, therapist, admin]) expect(canSeeRedFlags(viewer, client.id)).toBe(true);
  });
});

describe('role texts', () => {
  it('labels the tabs, headings and name by role', () => {
    expect(roleTexts('spa_management')).toMatchObject({
      aboutTab: 'Spa',
      editorTab: 'Spa',
      aboutHeading: 'About Our Spa',
    });
    expect(roleTexts('therapist')).toMatchObject({
      aboutTab: 'Therapist',
      editorTab: 'Services',
      aboutHeading: 'About My Services',
    });
    expect(roleTexts('client')).toMatchObject({ aboutTab: 'About', editorTab: 'Profile', aboutHeading: 'About Me' });
    expect(nameIssue('spa_management', ' ')).toBe('Spa name is required');
    expect(nameIssue('client', '')).toBe('Name is required');
    expect(nameIssue('client', undefined)).toBeNull();
  });
});

describe('the editor input', () => {
  const firstMessage = (input: unknown) => {
    const parsed = updateProfileInput.safeParse(input);
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };

  it("gives the spec's messages", () => {
    expect(firstMessage({ aboutMe: '   ' })).toBe(PROFILE_TEXTS.aboutRequired);
    expect(firstMessage({ email: 'nope' })).toBe(PROFILE_TEXTS.emailInvalid);
    expect(firstMessage({ email: '' })).toBeNull();
    expect(firstMessage({ phoneNumber: '123' })).toBe(PROFILE_TEXTS.phoneInvalid);
  });

  it('refuses fields it does not take', () => {
    expect(firstMessage({ aboutMe: 'Hi there.', role: 'admin' })).toBe(
      'Unknown field: role. These cannot be changed here.',
    );
    expect(firstMessage({ isPremium: true, slug: 'x' })).toBe(
      'Unknown fields: isPremium, slug. These cannot be changed here.',
    );
  });

  it('normalises what it keeps: trimmed text, lower-case email, E.164 phone, blanks as null', () => {
    expect(
      updateProfileInput.parse({ email: ' Ana@Example.COM ', phoneNumber: '0917 123 4567', viberHandle: '  ' }),
    ).toEqual({
      email: 'ana@example.com',
      phoneNumber: '+639171234567',
      viberHandle: null,
    });
  });
});

describe('phone numbers', () => {
  it('accepts Philippine numbers as members type them and stores E.164', () => {
    for (const typed of ['0917 123 4567', '09171234567', '+63 917 123 4567', '639171234567', '917-123-4567']) {
      expect(toE164(typed), typed).toBe('+639171234567');
    }
    expect(toE164('(02) 8123 4567')).toBe('+63281234567');
    expect(toE164('+1 415 555 2671')).toBe('+14155552671');
    expect(toE164('12345')).toBeNull();
    expect(toE164('0917 123 45678')).toBeNull();
  });
});

describe('contact links', () => {
  it('opens each handle in its app', () => {
    expect(handleLink('viberHandle', '0917 123 4567')).toBe('viber://chat?number=%2B639171234567');
    expect(handleLink('whatsappHandle', '+63 917 123 4567')).toBe('https://wa.me/639171234567');
    expect(handleLink('instagramHandle', '@maria.hilot')).toBe('https://www.instagram.com/maria.hilot');
    expect(handleLink('tiktokHandle', 'mariahilot')).toBe('https://www.tiktok.com/@mariahilot');
    expect(handleLink('facebookHandle', 'https://www.facebook.com/makati.spa/')).toBe(
      'https://www.facebook.com/makati.spa',
    );
    expect(handleLink('telegramHandle', 'maria_h')).toBe('https://t.me/maria_h');
    expect(handleLink('messengerHandle', 'maria.h')).toBe('https://m.me/maria.h');
    expect(phoneLink('+639171234567')).toBe('tel:+639171234567');
  });

  it('calls a spa with tel: (+63 by default) and offers Viber and WhatsApp chats to the same number', () => {
    expect(phoneContactLinks('0917 123 4567')).toEqual({
      call: 'tel:+639171234567',
      viber: 'viber://chat?number=%2B639171234567',
      whatsapp: 'https://wa.me/639171234567',
    });
    expect(phoneContactLinks('+63 2 8123 4567')?.call).toBe('tel:+63281234567');
    expect(phoneContactLinks(null)).toBeNull();
    expect(phoneContactLinks('ask')).toBeNull();
  });

  it('shows what it cannot link as text, never as a javascript: or foreign link', () => {
    expect(handleLink('instagramHandle', 'javascript:alert(1)')).toBeNull();
    expect(handleLink('facebookHandle', 'two words')).toBeNull();
    expect(handleLink('viberHandle', 'ask at the desk')).toBeNull();
  });
});

describe('AI Assist sentence rule', () => {
  it('needs 20 characters, final punctuation and whitespace', () => {
    expect(hasCompleteSentence('We offer hilot daily.')).toBe(true);
    expect(hasCompleteSentence('  Open late on weekends!  ')).toBe(true);
    expect(hasCompleteSentence('Short one here.')).toBe(false);
    expect(hasCompleteSentence('We offer hilot every day')).toBe(false);
    expect(hasCompleteSentence('Supercalifragilisticexpialidocious!')).toBe(false);
    const parsed = aiAssistProfileInput.safeParse({ currentText: 'nope' });
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(AI_ASSIST_TEXTS.needSentenceProfile);
    expect(aiAssistProfileInput.parse({ currentText: 'We offer hilot daily.' }).profileType).toBe('client');
  });
});

describe('the browser check of a chosen photo', () => {
  it("takes JPEG, PNG and WebP up to 10 MB, with the spec's texts otherwise", () => {
    expect(checkImageFile({ name: 'a.jpg', type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(checkImageFile({ name: 'a.webp', type: '', size: 1000 })).toBeNull();
    expect(checkImageFile({ name: 'a.gif', type: 'image/gif', size: 1000 })).toBe(IMAGE_TEXTS.invalidType);
    expect(checkImageFile({ name: 'a.svg', type: 'image/svg+xml', size: 10 })).toBe(IMAGE_TEXTS.invalidType);
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe(IMAGE_TEXTS.tooLarge);
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: IMAGE_MAX_BYTES })).toBeNull();
  });
});
