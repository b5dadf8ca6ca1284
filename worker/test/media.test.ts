// Profile pictures in R2 through POST /api/profile/upload-pic and GET /media/<key>: the size and type rules
// with the spec's texts, the type decided by magic bytes (renamed HTML and SVG files and polyglots refused),
// dimensions capped from the header, the 200x200 thumbnail checked too, content-addressed keys served with the
// right headers, the rate limit, and no orphans in the bucket after a photo is replaced.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_TEXTS } from '../../common/image-presets.ts';
import { call, database, json, pipelinesServed } from './helpers.ts';
import { JPEG_200, JPEG_300, JPEG_400, PNG_64x48, WEBP_64x48 } from './fixtures/images.ts';
import { get, member, type TestMember } from './members.ts';

const bucket = (env as unknown as { MEDIA: R2Bucket }).MEDIA;

function upload(who: TestMember | null, files: Record<string, Blob | string>) {
  const form = new FormData();
  for (const [field, file] of Object.entries(files)) {
    if (typeof file === 'string') form.append(field, file);
    else form.append(field, file, field === 'profilePic' ? 'photo.jpg' : 'thumbnail.jpg');
  }
  return call('/api/profile/upload-pic', {
    method: 'POST',
    rawBody: form as unknown as string,
    cookie: who?.cookie ?? null,
    headers: {},
  });
}

const jpeg = (bytes: Uint8Array<ArrayBuffer>, type = 'image/jpeg') => new Blob([bytes], { type });

/** Every object key the member has in the bucket. */
async function keysOf(who: TestMember): Promise<string[]> {
  const listed = await bucket.list({ prefix: `profiles/${who.id}/` });
  return listed.objects.map((object) => object.key).sort();
}

/** A PNG that claims the given size in its header (a decompression bomb needs no more than that). */
function pngClaiming(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array([...PNG_64x48]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

/** The JPEG with a comment segment (FF FE) right after its start marker. */
function jpegWithComment(text: string): Uint8Array<ArrayBuffer> {
  const comment = new TextEncoder().encode(text);
  const segment = new Uint8Array([0xff, 0xfe, (comment.length + 2) >> 8, (comment.length + 2) & 0xff, ...comment]);
  return new Uint8Array([...JPEG_400.subarray(0, 2), ...segment, ...JPEG_400.subarray(2)]);
}

describe('POST /api/profile/upload-pic', () => {
  it('answers 401 when nobody is signed in, storing nothing', async () => {
    const before = (await bucket.list()).objects.length;
    expect((await upload(null, { profilePic: jpeg(JPEG_400) })).status).toBe(401);
    expect((await bucket.list()).objects.length).toBe(before);
  });

  it('stores the photo and its thumbnail under content-addressed keys and points the member at them', async () => {
    const me = await member('client');
    const response = await upload(me, { profilePic: jpeg(JPEG_400), profilePicThumbnail: jpeg(JPEG_200) });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.profilePic).toMatch(new RegExp(`^/media/profiles/${me.id}/[0-9a-f]{64}\\.jpg$`));
    expect(body.profilePicThumbnail).toMatch(new RegExp(`^/media/profiles/${me.id}/[0-9a-f]{64}\\.jpg$`));
    const digest = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', JPEG_400)), (b) => b.toString(16).padStart(2, '0')).join('');
    expect(body.profilePic).toBe(`/media/profiles/${me.id}/${digest}.jpg`);

    const user = await json(await get('/api/user', me));
    expect(user.profilePic).toBe(body.profilePic);
    expect(user.profilePicThumbnail).toBe(body.profilePicThumbnail);
    const seen = await json(await get(`/api/users/${me.id}/profile`, await member('therapist')));
    expect(seen).toMatchObject({ profilePic: body.profilePic, profilePicThumbnail: body.profilePicThumbnail });
    expect(await keysOf(me)).toHaveLength(2);
  });

  it('serves /media/<key> with its type, nosniff, an ETag and a one-year immutable cache; 304 on a match', async () => {
    const me = await member('therapist');
    const { profilePic } = await json(await upload(me, { profilePic: jpeg(JPEG_400) }));
    const response = await call(profilePic);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/jpeg');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const etag = response.headers.get('ETag');
    expect(etag).toMatch(/^".+"$/);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(JPEG_400);

    const again = await call(profilePic, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await call('/media/profiles/1/not-a-key.jpg')).status).toBe(404);
    expect((await call(`/media/profiles/${me.id}/${'0'.repeat(64)}.jpg`)).status).toBe(404);
  });

  it('accepts PNG and WebP by their magic bytes and serves them as such, whatever the name says', async () => {
    const me = await member('spa_management');
    for (const [bytes, type, ext] of [
      [PNG_64x48, 'image/png', 'png'],
      [WEBP_64x48, 'image/webp', 'webp'],
    ] as const) {
      const response = await upload(me, { profilePic: new Blob([bytes], { type: 'application/octet-stream' }) });
      expect(response.status, type).toBe(200);
      const { profilePic } = await json(response);
      expect(profilePic.endsWith(`.${ext}`)).toBe(true);
      expect((await call(profilePic)).headers.get('Content-Type')).toBe(type);
    }
  });

  it('refuses a file over 10 MB with 413 and the spec\'s text', async () => {
    const me = await member('client');
    const big = new Uint8Array(IMAGE_MAX_BYTES + 1);
    big.set(JPEG_400.subarray(0, 4));
    const response = await upload(me, { profilePic: jpeg(big) });
    expect(response.status).toBe(413);
    expect(await json(response)).toMatchObject({ message: IMAGE_TEXTS.tooLarge });
    expect(await keysOf(me)).toEqual([]);
  });

  it('refuses a body far over the limit before reading it', async () => {
    const me = await member('client');
    const response = await upload(me, { profilePic: jpeg(new Uint8Array(IMAGE_MAX_BYTES * 2)) });
    expect(response.status).toBe(413);
    expect((await json(response)).message).toBe(IMAGE_TEXTS.tooLarge);
  });

  it("refuses what is not a JPEG, PNG or WebP by its bytes with 415 and the spec's text: renamed HTML and SVG, GIF, text", async () => {
    const me = await member('client');
    const fakes: [string, Uint8Array<ArrayBuffer>][] = [
      ['html renamed .jpg', new TextEncoder().encode('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')],
      ['svg renamed .jpg', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>')],
      ['gif', new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x3b])],
      ['plain text', new TextEncoder().encode('just some words, not a picture at all')],
      ['a jpeg cut short', JPEG_400.slice(0, 2000)],
      ['empty', new Uint8Array()],
    ];
    for (const [label, bytes] of fakes) {
      const response = await upload(me, { profilePic: jpeg(bytes) });
      expect(response.status, label).toBe(415);
      expect((await json(response)).message, label).toBe(IMAGE_TEXTS.invalidType);
    }
    expect(await keysOf(me)).toEqual([]);
    expect((await json(await get('/api/user', me))).profilePic).toBeNull();
  });

  it('refuses polyglots: markup inside a valid JPEG, or riding after its end', async () => {
    const me = await member('client');
    const appended = new Uint8Array([...JPEG_400, ...new TextEncoder().encode('<html><script>alert(1)</script></html>')]);
    for (const [label, bytes] of [
      ['script in a comment segment', jpegWithComment('<script>alert(1)</script>')],
      ['svg in a comment segment', jpegWithComment('<svg onload=alert(1)>')],
      ['html after the end marker', appended],
      ['data after the end marker', new Uint8Array([...JPEG_400, 1, 2, 3])],
    ] as const) {
      const response = await upload(me, { profilePic: jpeg(bytes) });
      expect(response.status, label).toBe(415);
    }
    // A harmless comment is fine: only markup is refused.
    expect((await upload(me, { profilePic: jpeg(jpegWithComment('Taken in Makati')) })).status).toBe(200);
  });

  it('reads the dimensions from the header and refuses decompression bombs', async () => {
    const me = await member('client');
    const bomb = await upload(me, { profilePic: new Blob([pngClaiming(60_000, 60_000)]) });
    expect(bomb.status).toBe(413);
    expect((await json(bomb)).message).toBe('Images can be at most 4096 x 4096 pixels.');
    expect((await upload(me, { profilePic: new Blob([pngClaiming(5000, 10)]) })).status).toBe(413);
    expect(await keysOf(me)).toEqual([]);
  });

  it('checks the thumbnail too: an image, at most 200 x 200', async () => {
    const me = await member('client');
    const tooBig = await upload(me, { profilePic: jpeg(JPEG_400), profilePicThumbnail: jpeg(JPEG_300) });
    expect(tooBig.status).toBe(413);
    expect((await json(tooBig)).message).toBe('The thumbnail must be at most 200 x 200 pixels and 512 KB.');
    const fake = await upload(me, { profilePic: jpeg(JPEG_400), profilePicThumbnail: jpeg(new TextEncoder().encode('<svg/>')) });
    expect(fake.status).toBe(415);
    expect(await keysOf(me)).toEqual([]);
  });

  it('answers 400 when the profilePic field is missing or not a file', async () => {
    const me = await member('client');
    const missing = await upload(me, { picture: jpeg(JPEG_400) });
    expect(missing.status).toBe(400);
    expect((await json(missing)).message).toBe('Please choose a photo to upload (multipart field profilePic).');
    expect((await upload(me, { profilePic: 'not a file' })).status).toBe(400);
    const notMultipart = await call('/api/profile/upload-pic', { body: { profilePic: 'x' }, cookie: me.cookie });
    expect(notMultipart.status).toBe(400);
  });

  it('deletes the replaced photo and thumbnail once the member points at the new ones: no orphans', async () => {
    const me = await member('therapist');
    const first = await json(await upload(me, { profilePic: jpeg(JPEG_400), profilePicThumbnail: jpeg(JPEG_200) }));
    const second = await json(await upload(me, { profilePic: jpeg(JPEG_300) }));
    expect(second.profilePicThumbnail).toBeNull();
    const third = await json(await upload(me, { profilePic: new Blob([PNG_64x48]), profilePicThumbnail: jpeg(JPEG_200) }));

    const keys = await keysOf(me);
    expect(keys).toEqual([third.profilePic, third.profilePicThumbnail].map((url: string) => url.slice('/media/'.length)).sort());
    expect((await call(first.profilePic)).status).toBe(404);
    expect((await call(second.profilePic)).status).toBe(404);

    // The same photo again keeps its (identical) key and leaves nothing behind.
    await upload(me, { profilePic: new Blob([PNG_64x48]), profilePicThumbnail: jpeg(JPEG_200) });
    expect(await keysOf(me)).toEqual(keys);

    // Every object in the bucket belongs to a member who points at it.
    const { rows } = await database().execute('select profile_pic, profile_pic_thumbnail from users');
    const referenced = new Set(rows.flatMap((row) => [row.profile_pic, row.profile_pic_thumbnail]).filter(Boolean));
    const all = await bucket.list({ limit: 1000 });
    for (const object of all.objects) expect(referenced.has(`/media/${object.key}`), object.key).toBe(true);
  });

  it('keeps no orphan when uploads of one member race each other', async () => {
    const me = await member('client');
    await Promise.all([
      upload(me, { profilePic: jpeg(JPEG_400) }),
      upload(me, { profilePic: jpeg(JPEG_300) }),
      upload(me, { profilePic: new Blob([WEBP_64x48]) }),
    ]);
    const user = await json(await get('/api/user', me));
    expect(await keysOf(me)).toEqual([user.profilePic.slice('/media/'.length)]);
  });

  it('writes with two round trips: the session, then one batch', async () => {
    const me = await member('client');
    const before = await pipelinesServed();
    expect((await upload(me, { profilePic: jpeg(JPEG_400) })).status).toBe(200);
    expect((await pipelinesServed()) - before).toBe(2);
  });

  it('limits uploads per member with 429 and Retry-After', async () => {
    const me = await member('client');
    // The limiter counts in windows aligned to the wall clock: start early in one so all 12 fall into it.
    const intoWindowMs = Date.now() % 60_000;
    if (intoWindowMs > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoWindowMs + 100));
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 12; i++) {
      const response = await upload(me, { profilePic: jpeg(i % 2 ? JPEG_400 : JPEG_300) });
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get('Retry-After');
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    expect(retryAfter).toBe('60');
  });
});
