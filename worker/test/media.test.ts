// Profile pictures in R2 through POST /api/profile/upload-pic and GET /media/<key>: the size and type rules
// with the spec's texts, the type decided by magic bytes (renamed HTML and SVG files and blatant polyglots
// refused), dimensions capped from the header; every upload decoded and re-encoded by the Images binding (ADR
// 017) so markup and metadata (EXIF, GPS, comments) are never stored, the EXIF orientation applied, the 200x200
// thumbnail made on the server whatever the client sent, spa images too; content-addressed keys served with the
// right headers, the rate limit, and no orphans in the bucket after a photo is replaced.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_TEXTS } from '../../common/image-presets.ts';
import { isMetadataMarker, jpegDimensions, jpegSegments } from '../providers/jpeg.ts';
import { MEDIA_TEXTS, containsMarkup } from '../providers/media.ts';
import {
  call,
  configuredWorker,
  database,
  get,
  json,
  messageOf,
  pipelinesServed,
  uniqueName,
  untilLimited,
  type CurrentUser,
  type ErrorBody,
  type Output,
} from './helpers.ts';
import {
  JPEG_200,
  JPEG_300,
  JPEG_400,
  PNG_64x48,
  WEBP_64x48,
  commentSegment,
  exifSegment,
  withSegments,
} from './fixtures/images.ts';
import { createMember, type TestMember } from './members.ts';

type Uploaded = Output<'profiles.uploadPicture'>;

const bucket = env.MEDIA;
const images = env.IMAGES;

const MARKUP = '<img src=x onerror=alert(1)>';
const CAMERA = 'SpaConnect Test Cam';

/** The stored object behind a /media/ URL, as served. */
async function fetchMedia(url: string): Promise<Uint8Array<ArrayBuffer>> {
  const response = await call(url);
  expect(response.status, url).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('image/jpeg');
  return new Uint8Array(await response.arrayBuffer());
}

/** What an independent decoder (the Images binding's info) reads from the bytes. */
async function decoded(bytes: Uint8Array<ArrayBuffer>): Promise<{ format: string; width?: number; height?: number }> {
  return images.info(new Blob([bytes]).stream()) as Promise<{ format: string; width?: number; height?: number }>;
}

/** Asserts the bytes are a clean JPEG of that size: no markup, no EXIF, no camera, no COM or APP1..APP15. */
async function expectCleanJpeg(bytes: Uint8Array<ArrayBuffer>, width: number, height: number) {
  const text = new TextDecoder('latin1').decode(bytes);
  expect(text).not.toContain(MARKUP);
  expect(text).not.toContain('onerror');
  expect(text).not.toContain('Exif');
  expect(text).not.toContain(CAMERA);
  const segments = jpegSegments(bytes);
  expect(segments).not.toBeNull();
  expect(segments!.filter((segment) => isMetadataMarker(segment.marker))).toEqual([]);
  expect(jpegDimensions(bytes, segments!)).toEqual({ width, height });
  expect(await decoded(bytes)).toMatchObject({ format: 'image/jpeg', width, height });
}

/** A JPEG made by the binding from one of the fixtures (fitted into a box, or cover-cropped to it). */
async function makeJpeg(
  source: Uint8Array<ArrayBuffer>,
  width: number,
  height: number,
  fit: 'scale-down' | 'cover' = 'cover',
): Promise<Uint8Array<ArrayBuffer>> {
  const result = await images
    .input(new Blob([source]).stream())
    .transform({ width, height, fit })
    .output({ format: 'image/jpeg', quality: 90 });
  return new Uint8Array(await result.response().arrayBuffer());
}

const sha256 = async (bytes: Uint8Array<ArrayBuffer>) =>
  Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );

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

  it('stores the re-encoded photo and its server-made thumbnail under content-addressed keys and points the member at them', async () => {
    const me = await createMember('client');
    const response = await upload(me, { profilePic: jpeg(JPEG_400) });
    expect(response.status).toBe(200);
    const body = await json<Uploaded>(response);
    expect(body.profilePic).toMatch(new RegExp(`^/media/profiles/${me.id}/[0-9a-f]{64}\\.jpg$`));
    expect(body.profilePicThumbnail).toMatch(new RegExp(`^/media/profiles/${me.id}/[0-9a-f]{64}\\.jpg$`));
    // The key is the digest of the stored (re-encoded) bytes, not of what was sent.
    const stored = await fetchMedia(body.profilePic);
    expect(body.profilePic).toBe(`/media/profiles/${me.id}/${await sha256(stored)}.jpg`);
    expect(body.profilePic).not.toBe(`/media/profiles/${me.id}/${await sha256(JPEG_400)}.jpg`);

    const user = await json<CurrentUser>(await get('/api/user', me));
    expect(user.profilePic).toBe(body.profilePic);
    expect(user.profilePicThumbnail).toBe(body.profilePicThumbnail);
    const seen = await json<Output<'profiles.profile'>>(
      await get(`/api/users/${me.id}/profile`, await createMember('therapist')),
    );
    expect(seen).toMatchObject({ profilePic: body.profilePic, profilePicThumbnail: body.profilePicThumbnail });
    expect(await keysOf(me)).toHaveLength(2);
  });

  it('serves /media/<key> with its type, nosniff, an ETag and a one-year immutable cache; 304 on a match', async () => {
    const me = await createMember('therapist');
    const { profilePic } = await json<Uploaded>(await upload(me, { profilePic: jpeg(JPEG_400) }));
    const response = await call(profilePic);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/jpeg');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const etag = response.headers.get('ETag');
    expect(etag).toMatch(/^".+"$/);
    const served = new Uint8Array(await response.arrayBuffer());
    expect(served).not.toEqual(JPEG_400);
    await expectCleanJpeg(served, 400, 400);

    const again = await call(profilePic, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await call('/media/profiles/1/not-a-key.jpg')).status).toBe(404);
    expect((await call(`/media/profiles/${me.id}/${'0'.repeat(64)}.jpg`)).status).toBe(404);
  });

  it('accepts PNG and WebP by their magic bytes, whatever the name says, and stores them as JPEG without enlarging them', async () => {
    const me = await createMember('spa_management');
    for (const [bytes, type] of [
      [PNG_64x48, 'image/png'],
      [WEBP_64x48, 'image/webp'],
    ] as const) {
      const response = await upload(me, { profilePic: new Blob([bytes], { type: 'application/octet-stream' }) });
      expect(response.status, type).toBe(200);
      const { profilePic, profilePicThumbnail } = await json<Uploaded>(response);
      expect(profilePic.endsWith('.jpg')).toBe(true);
      await expectCleanJpeg(await fetchMedia(profilePic), 64, 48);
      // The thumbnail is a 200x200 square whatever the photo's size (cover-cropped, enlarged when smaller).
      await expectCleanJpeg(await fetchMedia(profilePicThumbnail), 200, 200);
    }
  });

  it("refuses a file over 10 MB with 413 and the spec's text", async () => {
    const me = await createMember('client');
    const big = new Uint8Array(IMAGE_MAX_BYTES + 1);
    big.set(JPEG_400.subarray(0, 4));
    const response = await upload(me, { profilePic: jpeg(big) });
    expect(response.status).toBe(413);
    expect(await json<ErrorBody>(response)).toMatchObject({ message: IMAGE_TEXTS.tooLarge });
    expect(await keysOf(me)).toEqual([]);
  });

  it('refuses a body far over the limit before reading it', async () => {
    const me = await createMember('client');
    const response = await upload(me, { profilePic: jpeg(new Uint8Array(IMAGE_MAX_BYTES * 2)) });
    expect(response.status).toBe(413);
    expect(await messageOf(response)).toBe(IMAGE_TEXTS.tooLarge);
  });

  it("refuses what is not a JPEG, PNG or WebP by its bytes with 415 and the spec's text: renamed HTML and SVG, GIF, text", async () => {
    const me = await createMember('client');
    const fakes: [string, Uint8Array<ArrayBuffer>][] = [
      [
        'html renamed .jpg',
        new TextEncoder().encode('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
      ],
      [
        'svg renamed .jpg',
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'),
      ],
      ['gif', new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x3b])],
      ['plain text', new TextEncoder().encode('just some words, not a picture at all')],
      ['a jpeg cut short', JPEG_400.slice(0, 2000)],
      ['empty', new Uint8Array()],
    ];
    for (const [label, bytes] of fakes) {
      const response = await upload(me, { profilePic: jpeg(bytes) });
      expect(response.status, label).toBe(415);
      expect(await messageOf(response), label).toBe(IMAGE_TEXTS.invalidType);
    }
    expect(await keysOf(me)).toEqual([]);
    expect((await json<CurrentUser>(await get('/api/user', me))).profilePic).toBeNull();
  });

  it('refuses blatant polyglots early: script or SVG markup inside a valid JPEG, or anything riding after its end', async () => {
    const me = await createMember('client');
    const appended = new Uint8Array([
      ...JPEG_400,
      ...new TextEncoder().encode('<html><script>alert(1)</script></html>'),
    ]);
    for (const [label, bytes] of [
      ['script in a comment segment', jpegWithComment('<script>alert(1)</script>')],
      ['svg in a comment segment', jpegWithComment('<svg onload=alert(1)>')],
      ['html after the end marker', appended],
      ['data after the end marker', new Uint8Array([...JPEG_400, 1, 2, 3])],
    ] as const) {
      const response = await upload(me, { profilePic: jpeg(bytes) });
      expect(response.status, label).toBe(415);
    }
    // A harmless comment is accepted, and not kept: the stored photo is re-encoded.
    const harmless = await upload(me, { profilePic: jpeg(jpegWithComment('Taken in Makati')) });
    expect(harmless.status).toBe(200);
    const stored = await fetchMedia((await json<Uploaded>(harmless)).profilePic);
    expect(new TextDecoder('latin1').decode(stored)).not.toContain('Taken in Makati');
  });

  it("finds markup anywhere, also across the scan's 64 KB windows and among bytes over 0x7f", () => {
    const noise = Uint8Array.from({ length: 200_000 }, (_, i) => 0x80 + ((i * 37) % 0x7f));
    expect(containsMarkup(noise)).toBe(false);
    for (const at of [0, 65_530, 65_536, 131_070, 199_990]) {
      const bytes = new Uint8Array(noise);
      bytes.set(new TextEncoder().encode('<SCRIPT'), Math.min(at, bytes.length - 7));
      expect(containsMarkup(bytes), String(at)).toBe(true);
    }
  });

  it('reads the dimensions from the header and refuses decompression bombs', async () => {
    const me = await createMember('client');
    const bomb = await upload(me, { profilePic: new Blob([pngClaiming(60_000, 60_000)]) });
    expect(bomb.status).toBe(413);
    expect(await messageOf(bomb)).toBe('Images can be at most 4096 x 4096 pixels.');
    expect((await upload(me, { profilePic: new Blob([pngClaiming(5000, 10)]) })).status).toBe(413);
    expect(await keysOf(me)).toEqual([]);
  });

  it('ignores a thumbnail the client sends: the server makes its own from the photo', async () => {
    const me = await createMember('client');
    const own = await json<Uploaded>(await upload(me, { profilePic: jpeg(JPEG_400) }));
    for (const [label, sent] of [
      ['a different picture', jpeg(JPEG_300)],
      ['a thumbnail of the photo', jpeg(JPEG_200)],
      ['markup', jpeg(new TextEncoder().encode('<svg onload=alert(1)/>'))],
    ] as const) {
      const response = await upload(me, { profilePic: jpeg(JPEG_400), profilePicThumbnail: sent });
      expect(response.status, label).toBe(200);
      const body = await json<Uploaded>(response);
      // The same photo gives the same server-made thumbnail, whatever rode beside it.
      expect(body.profilePicThumbnail, label).toBe(own.profilePicThumbnail);
    }
    await expectCleanJpeg(await fetchMedia(own.profilePicThumbnail), 200, 200);
    expect(await keysOf(me)).toHaveLength(2);
  });

  it('answers 400 when the profilePic field is missing or not a file', async () => {
    const me = await createMember('client');
    const missing = await upload(me, { picture: jpeg(JPEG_400) });
    expect(missing.status).toBe(400);
    expect(await messageOf(missing)).toBe('Please choose a photo to upload (multipart field profilePic).');
    expect((await upload(me, { profilePic: 'not a file' })).status).toBe(400);
    const notMultipart = await call('/api/profile/upload-pic', { body: { profilePic: 'x' }, cookie: me.cookie });
    expect(notMultipart.status).toBe(400);
  });

  it('deletes the replaced photo and thumbnail once the member points at the new ones: no orphans', async () => {
    const me = await createMember('therapist');
    const first = await json<Uploaded>(
      await upload(me, { profilePic: jpeg(JPEG_400), profilePicThumbnail: jpeg(JPEG_200) }),
    );
    const second = await json<Uploaded>(await upload(me, { profilePic: jpeg(JPEG_300) }));
    expect(second.profilePicThumbnail).toMatch(/^\/media\//);
    const third = await json<Uploaded>(
      await upload(me, { profilePic: new Blob([PNG_64x48]), profilePicThumbnail: jpeg(JPEG_200) }),
    );

    const keys = await keysOf(me);
    expect(keys).toEqual(
      [third.profilePic, third.profilePicThumbnail].map((url: string) => url.slice('/media/'.length)).sort(),
    );
    expect((await call(first.profilePic)).status).toBe(404);
    expect((await call(first.profilePicThumbnail)).status).toBe(404);
    expect((await call(second.profilePic)).status).toBe(404);
    expect((await call(second.profilePicThumbnail)).status).toBe(404);

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
    const me = await createMember('client');
    await Promise.all([
      upload(me, { profilePic: jpeg(JPEG_400) }),
      upload(me, { profilePic: jpeg(JPEG_300) }),
      upload(me, { profilePic: new Blob([WEBP_64x48]) }),
    ]);
    const user = await json<CurrentUser>(await get('/api/user', me));
    expect(await keysOf(me)).toEqual(
      [user.profilePic!, user.profilePicThumbnail!].map((url) => url.slice('/media/'.length)).sort(),
    );
  });

  it('writes with two round trips: the session, then one batch', async () => {
    const me = await createMember('client');
    const before = await pipelinesServed();
    expect((await upload(me, { profilePic: jpeg(JPEG_400) })).status).toBe(200);
    expect((await pipelinesServed()) - before).toBe(2);
  });

  it('limits uploads per member with 429 and Retry-After', async () => {
    const me = await createMember('client');
    const responses = await untilLimited(10, (i) => upload(me, { profilePic: jpeg(i % 2 ? JPEG_400 : JPEG_300) }));
    expect(responses.slice(0, -1).every((response) => response.status === 200)).toBe(true);
    expect(responses.at(-1)!.headers.get('Retry-After')).toBe('60');
  });
});

describe('every upload is decoded and re-encoded on the server (ADR 017)', () => {
  /** JPEG_400 carrying what an attacker and a phone add: markup in a comment, EXIF with a camera name and GPS. */
  const tainted = (jpegBytes: Uint8Array, orientation?: number) =>
    withSegments(jpegBytes, commentSegment(MARKUP), exifSegment({ make: CAMERA, orientation }));

  it('stores neither the markup of a comment segment nor EXIF with GPS: only a clean JPEG of the expected size', async () => {
    const me = await createMember('client');
    const sent = tainted(JPEG_400);
    // The fixture really carries them, and passes the early checks (the markup regex does not know <img onerror>).
    expect(new TextDecoder('latin1').decode(sent)).toContain(MARKUP);
    expect(new TextDecoder('latin1').decode(sent)).toContain('Exif');
    const response = await upload(me, { profilePic: jpeg(sent) });
    expect(response.status).toBe(200);
    const { profilePic, profilePicThumbnail } = await json<Uploaded>(response);
    await expectCleanJpeg(await fetchMedia(profilePic), 400, 400);
    await expectCleanJpeg(await fetchMedia(profilePicThumbnail), 200, 200);
  });

  it('makes the 200x200 thumbnail on the server when the upload has only profilePic (REST and SDK clients)', async () => {
    const me = await createMember('therapist');
    const response = await upload(me, { profilePic: jpeg(JPEG_300) });
    expect(response.status).toBe(200);
    const body = await json<Uploaded>(response);
    expect(body.profilePicThumbnail).toMatch(new RegExp(`^/media/profiles/${me.id}/[0-9a-f]{64}\\.jpg$`));
    await expectCleanJpeg(await fetchMedia(body.profilePicThumbnail), 200, 200);
    // The picture fits the profile preset's 400x400 box and is not enlarged: 300x300 stays 300x300.
    await expectCleanJpeg(await fetchMedia(body.profilePic), 300, 300);
    const seen = await json<Output<'profiles.profile'>>(
      await get(`/api/users/${me.id}/profile`, await createMember('client')),
    );
    expect(seen.profilePicThumbnail).toBe(body.profilePicThumbnail);
  });

  it('fits a large photo into the profile box and cover-crops the thumbnail to a square', async () => {
    const me = await createMember('client');
    const wide = await makeJpeg(JPEG_400, 1200, 600);
    const body = await json<Uploaded>(await upload(me, { profilePic: jpeg(wide) }));
    await expectCleanJpeg(await fetchMedia(body.profilePic), 400, 200);
    await expectCleanJpeg(await fetchMedia(body.profilePicThumbnail), 200, 200);
  });

  it('turns a photo upright by its EXIF orientation before the orientation is dropped', async () => {
    const me = await createMember('client');
    const landscape = await makeJpeg(PNG_64x48, 64, 48);
    const asStored = await json<Uploaded>(
      await upload(me, { profilePic: jpeg(withSegments(landscape, exifSegment({ orientation: 1 }))) }),
    );
    await expectCleanJpeg(await fetchMedia(asStored.profilePic), 64, 48);
    for (const orientation of [6, 8]) {
      const body = await json<Uploaded>(await upload(me, { profilePic: jpeg(tainted(landscape, orientation)) }));
      await expectCleanJpeg(await fetchMedia(body.profilePic), 48, 64);
    }
    const upsideDown = await json<Uploaded>(await upload(me, { profilePic: jpeg(tainted(landscape, 3)) }));
    await expectCleanJpeg(await fetchMedia(upsideDown.profilePic), 64, 48);
  });

  it('re-encodes spa images too: into the 800x600 box, without markup or EXIF', async () => {
    const admin = await createMember('admin');
    const created = await call('/api/spas', {
      body: { name: uniqueName('Spa'), address: '12 Mabini St, Makati', latitude: 14.55, longitude: 121.02 },
      cookie: admin.cookie,
    });
    expect(created.status).toBe(200);
    const spa = await json<Output<'admin.createSpa'>>(created);
    const form = new FormData();
    form.append(
      'spaImage',
      new Blob([tainted(await makeJpeg(JPEG_400, 1600, 1200))], { type: 'image/jpeg' }),
      'spa.jpg',
    );
    const response = await call(`/api/spas/${spa.id}/upload-image`, {
      method: 'POST',
      rawBody: form as unknown as string,
      cookie: admin.cookie,
    });
    expect(response.status).toBe(200);
    const { imageUrl } = await json<Output<'admin.uploadSpaImage'>>(response);
    expect(imageUrl).toMatch(new RegExp(`^/media/spas/${spa.id}/[0-9a-f]{64}\\.jpg$`));
    await expectCleanJpeg(await fetchMedia(imageUrl), 800, 600);

    // A small one is not enlarged; the early refusals hold on this path too.
    const small = new FormData();
    small.append('spaImage', new Blob([tainted(JPEG_300)], { type: 'image/jpeg' }), 'spa.jpg');
    const smallBody = await json<Output<'admin.uploadSpaImage'>>(
      await call(`/api/spas/${spa.id}/upload-image`, {
        method: 'POST',
        rawBody: small as unknown as string,
        cookie: admin.cookie,
      }),
    );
    await expectCleanJpeg(await fetchMedia(smallBody.imageUrl), 300, 300);
    const svg = new FormData();
    svg.append('spaImage', new Blob(['<svg onload=alert(1)/>'], { type: 'image/jpeg' }), 'spa.jpg');
    const refused = await call(`/api/spas/${spa.id}/upload-image`, {
      method: 'POST',
      rawBody: svg as unknown as string,
      cookie: admin.cookie,
    });
    expect(refused.status).toBe(415);
    expect(await messageOf(refused)).toBe(IMAGE_TEXTS.invalidType);
  });
});

describe('the Images binding: missing, failing or returning metadata', () => {
  function uploadTo(worker: ReturnType<typeof configuredWorker>, who: TestMember, bytes: Uint8Array<ArrayBuffer>) {
    const form = new FormData();
    form.append('profilePic', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
    return worker.call('/api/profile/upload-pic', {
      method: 'POST',
      rawBody: form as unknown as string,
      cookie: who.cookie,
    });
  }

  /** A stand-in for the binding that answers every transform with `answer(width)` (the box asked for). */
  function fakeImages(answer: (width: number) => Uint8Array | Error): ImagesBinding {
    return {
      input(stream: ReadableStream) {
        let width = 0;
        const transformer = {
          transform(transform: { width?: number }) {
            width = transform.width ?? width;
            return transformer;
          },
          async output() {
            await new Response(stream).arrayBuffer();
            const result = answer(width);
            if (result instanceof Error) throw result;
            return {
              response: () => new Response(result as Uint8Array<ArrayBuffer>),
              contentType: () => 'image/jpeg',
              image: () => new Response(result as Uint8Array<ArrayBuffer>).body!,
            };
          },
        };
        return transformer;
      },
    } as unknown as ImagesBinding;
  }

  it('refuses an upload with 503 when photo storage fails part-way, and keeps nothing of it', async () => {
    const me = await createMember('client');
    // R2 takes the first photo and fails on the second (the thumbnail).
    let puts = 0;
    const failing = new Proxy(bucket, {
      get(target, property) {
        if (property === 'put')
          return (...args: Parameters<R2Bucket['put']>) =>
            ++puts === 2 ? Promise.reject(new Error('R2 is down')) : target.put(...args);
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const response = await uploadTo(configuredWorker({ MEDIA: failing }), me, JPEG_400);
    expect(response.status).toBe(503);
    expect(await messageOf(response)).toBe(MEDIA_TEXTS.storageFailed);
    expect(puts).toBe(2);
    expect(await keysOf(me)).toEqual([]);
    expect((await json<CurrentUser>(await get('/api/user', me))).profilePic).toBeNull();
  });

  it('refuses uploads with 503 when the binding is missing, storing nothing', async () => {
    const me = await createMember('client');
    const response = await uploadTo(configuredWorker({ IMAGES: undefined }), me, JPEG_400);
    expect(response.status).toBe(503);
    expect(await messageOf(response)).toBe(MEDIA_TEXTS.processingMissing);
    expect(await keysOf(me)).toEqual([]);
    expect((await json<CurrentUser>(await get('/api/user', me))).profilePic).toBeNull();
  });

  it('strips COM and APP1..APP15 segments an encoder leaves in its output (production may keep copyright EXIF)', async () => {
    const me = await createMember('client');
    const fake = fakeImages((width) =>
      withSegments(width === 200 ? JPEG_200 : JPEG_400, commentSegment(MARKUP), exifSegment({ make: CAMERA })),
    );
    const response = await uploadTo(configuredWorker({ IMAGES: fake }), me, JPEG_400);
    expect(response.status).toBe(200);
    const { profilePic, profilePicThumbnail } = await json<Uploaded>(response);
    await expectCleanJpeg(await fetchMedia(profilePic), 400, 400);
    await expectCleanJpeg(await fetchMedia(profilePicThumbnail), 200, 200);
  });

  it('stores nothing when the encoder returns something else than a JPEG of the expected size', async () => {
    const me = await createMember('client');
    for (const [label, answer] of [
      ['a PNG', () => PNG_64x48],
      ['a JPEG larger than the box', () => JPEG_400],
      ['a thumbnail that is not square', (width: number) => (width === 200 ? JPEG_300 : JPEG_400)],
      ['half a JPEG', () => JPEG_400.slice(0, 3000)],
    ] as const) {
      const response = await uploadTo(configuredWorker({ IMAGES: fakeImages(answer) }), me, JPEG_300);
      expect(response.status, label).toBe(503);
      expect(await messageOf(response), label).toBe(MEDIA_TEXTS.processingFailed);
    }
    expect(await keysOf(me)).toEqual([]);
  });

  it('answers 415 when the decoder cannot read the file, 503 when the service fails otherwise', async () => {
    const me = await createMember('client');
    const undecodable = Object.assign(new Error('IMAGES_TRANSFORM_ERROR 9412: not an image'), { code: 9412 });
    const refused = await uploadTo(configuredWorker({ IMAGES: fakeImages(() => undecodable) }), me, JPEG_400);
    expect(refused.status).toBe(415);
    expect(await messageOf(refused)).toBe(IMAGE_TEXTS.invalidType);
    const quota = Object.assign(new Error('IMAGES_TRANSFORM_ERROR 9422: usage limit'), { code: 9422 });
    const unavailable = await uploadTo(configuredWorker({ IMAGES: fakeImages(() => quota) }), me, JPEG_400);
    expect(unavailable.status).toBe(503);
    const answer = await json<ErrorBody>(unavailable);
    expect(answer).toMatchObject({ message: MEDIA_TEXTS.processingFailed });
    expect(JSON.stringify(answer)).not.toContain('9422');
    expect(await keysOf(me)).toEqual([]);
  });
});
