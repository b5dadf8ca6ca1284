// Photos in R2, reusable by every upload (profile pictures and their thumbnails, the admin's spa images). The
// server never trusts the browser, and never stores the bytes it was sent (ADR 017):
// 1. `inspectImage` refuses early what is not an image: the type is decided by the file's magic bytes (JPEG, PNG
//    or WebP only), the container must be whole with nothing after its end marker, and the dimensions are read
//    from the header and capped before anything decodes it (decompression bombs). A markup regex still refuses
//    the blatant polyglots (`<script`, `<svg`, `<html`, ...) with 415, but it is a tripwire, not the defence:
//    it cannot know every way markup is written (`<img src=x onerror=...>` passes it).
// 2. `reencodeImage` is the defence: every upload is decoded and encoded again as a JPEG by Cloudflare's Images
//    binding (`IMAGES`; wrangler dev and the tests simulate it with sharp), fitted into its preset's box
//    (common/image-presets.ts) without enlarging; the profile thumbnail is cover-cropped to 200x200 here, never
//    taken from the client. A JPEG reaches the decoder without its EXIF, XMP, comments or other APPn segments
//    (its EXIF orientation is read first and applied explicitly); what the encoder gives back is walked segment by
//    segment, must be one JPEG of the expected size, and keeps only what displaying it needs (no COM, no
//    APP1..APP15: no markup, no metadata, no GPS). Without the binding, uploads are refused (503), never stored.
// Keys are content-addressed over the stored bytes (`<scope>/<owner>/<sha-256>.jpg`), so an object never changes
// and is served from /media/<key> with a one-year immutable cache, its own Content-Type, nosniff and an ETag.
// Callers delete the objects a member no longer points at (`deleteReplaced`), so the bucket keeps no orphans.
import { TRPCError } from '@trpc/server';
import { imageSize } from 'image-size';
import {
  IMAGE_MAX_BYTES,
  IMAGE_PRESETS,
  IMAGE_TEXTS,
  type ImagePresetName,
  type ImageType,
} from '../../common/image-presets.ts';
import {
  DHT,
  DQT,
  DRI,
  SOS,
  exifOrientation,
  isAdobe,
  isIccProfile,
  isMetadataMarker,
  isPlainJfif,
  isStartOfFrame,
  jpegDimensions,
  jpegSegments,
  rebuildJpeg,
  type JpegSegment,
} from './jpeg.ts';
import { badRequest, payloadTooLarge, serviceUnavailable, unsupportedMediaType } from '../errors.ts';
import { log } from '../log.ts';

/** No side may be longer, and no image larger in pixels: a 10 MB file could otherwise claim 60,000 x 60,000. */
export const MAX_IMAGE_SIDE = 4096;
export const MAX_IMAGE_PIXELS = MAX_IMAGE_SIDE * MAX_IMAGE_SIDE;
export const MEDIA_PATH = '/media/';
/** Where a member's profile pictures are stored: `profiles/<member id>/<sha-256>.jpg`. */
export const PROFILE_IMAGE_SCOPE = 'profiles';
/**
 * Where licence documents are stored: `licences/<member id>/<uuid>.jpg`, private. Their keys never match
 * KEY_PATTERN, so /media/ never serves them; only GET /api/licences/{id}/document does, to its owner and admins.
 */
export const LICENCE_DOCUMENT_SCOPE = 'licences';

export const MEDIA_TEXTS = {
  missingFile: (field: string) => `Please choose a photo to upload (multipart field ${field}).`,
  tooManyPixels: `Images can be at most ${MAX_IMAGE_SIDE} x ${MAX_IMAGE_SIDE} pixels.`,
  storageMissing: 'Photo storage is not configured.',
  processingMissing: 'Photo processing is not configured.',
  processingFailed: 'Photos cannot be processed right now. Please try again later.',
  storageFailed: 'Photo storage is unavailable right now. Please try again later.',
} as const;

// Objects stored before ADR 017 may still be PNG or WebP; everything stored now is a JPEG.
const KEY_PATTERN = /^[a-z]+\/[0-9]+\/[0-9a-f]{64}\.(jpg|png|webp)$/;

export interface InspectedImage {
  bytes: Uint8Array<ArrayBuffer>;
  type: ImageType;
  width: number;
  height: number;
}

/** What the server encoded itself: the only thing `storeImages` accepts. Always a JPEG. */
export interface EncodedImage {
  readonly reencoded: true;
  bytes: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
}

export interface StoredImage {
  key: string;
  url: string;
}

function unsupported(): TRPCError {
  return unsupportedMediaType(IMAGE_TEXTS.invalidType);
}

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_IEND = [0, 0, 0, 0, ...ascii('IEND'), 0xae, 0x42, 0x60, 0x82];

/** The type the bytes say they are, with a whole container; null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const n = bytes.length;
  if (n >= 4 && startsWith(bytes, [0xff, 0xd8, 0xff])) {
    // The last marker must be End Of Image: nothing may ride after it.
    return bytes[n - 2] === 0xff && bytes[n - 1] === 0xd9 ? 'image/jpeg' : null;
  }
  if (n >= 33 && startsWith(bytes, PNG_SIGNATURE)) {
    const ihdrFirst = startsWith(bytes, ascii('IHDR'), 12);
    return ihdrFirst && startsWith(bytes, PNG_IEND, n - PNG_IEND.length) ? 'image/png' : null;
  }
  if (n >= 16 && startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    const riffSize = (bytes[4]! | (bytes[5]! << 8) | (bytes[6]! << 16) | (bytes[7]! << 24)) >>> 0;
    // The RIFF size covers everything after its first 8 bytes (plus a pad byte when odd).
    return riffSize + 8 === n || riffSize + 9 === n ? 'image/webp' : null;
  }
  return null;
}

/**
 * Markup that a browser or another program could run if it ever sniffed the file: the tell of a renamed
 * HTML/SVG file or of a polyglot. Each pattern is long enough that compressed image data practically never
 * contains it by chance (about once in 10^10 bytes).
 */
const MARKUP =
  /<(?:script|html[\s>]|svg[\s>]|iframe|object[\s>]|embed[\s>]|body[\s>]|!doctype|\?xml|\?php)|javascript:/i;

/** One character per byte, ASCII unchanged (windows-1252): what the patterns, all ASCII, are matched against. */
const SINGLE_BYTE = new TextDecoder('latin1');

export function containsMarkup(bytes: Uint8Array): boolean {
  // Scanned in overlapping windows, so no pattern is split, each decoded natively: about 4 ms of CPU a MB, where
  // building the text with String.fromCharCode cost about 27.
  const WINDOW = 64 * 1024;
  const OVERLAP = 16;
  for (let start = 0; start < bytes.length; start += WINDOW) {
    if (MARKUP.test(SINGLE_BYTE.decode(bytes.subarray(start, Math.min(bytes.length, start + WINDOW + OVERLAP)))))
      return true;
  }
  return false;
}

/** Reads, sniffs, scans and measures an uploaded file; throws 413/415 with the spec's texts. */
export async function inspectImage(
  file: unknown,
  options: { field: string; maxBytes?: number; maxWidth?: number; maxHeight?: number; tooLarge?: string },
): Promise<InspectedImage> {
  if (!(file instanceof Blob)) throw badRequest(MEDIA_TEXTS.missingFile(options.field));
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  if (file.size > maxBytes) throw payloadTooLarge(options.tooLarge ?? IMAGE_TEXTS.tooLarge);
  if (file.size === 0) throw unsupported();

  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type || containsMarkup(bytes)) throw unsupported();

  let width: number;
  let height: number;
  try {
    const size = imageSize(bytes);
    // JPEG EXIF orientations 5 to 8 swap the sides on screen; the cap holds either way.
    width = size.width;
    height = size.height;
  } catch {
    throw unsupported();
  }
  if (!(width > 0 && height > 0)) throw unsupported();
  const maxWidth = Math.min(options.maxWidth ?? MAX_IMAGE_SIDE, MAX_IMAGE_SIDE);
  const maxHeight = Math.min(options.maxHeight ?? MAX_IMAGE_SIDE, MAX_IMAGE_SIDE);
  if (width > maxWidth || height > maxHeight || width * height > MAX_IMAGE_PIXELS) {
    throw payloadTooLarge(options.tooLarge ?? MEDIA_TEXTS.tooManyPixels);
  }
  return { bytes, type, width, height };
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function mediaBucket(env: { MEDIA?: R2Bucket }): R2Bucket {
  if (!env.MEDIA) throw serviceUnavailable(MEDIA_TEXTS.storageMissing);
  return env.MEDIA;
}

/** The Images binding; without it an upload is refused (503) in every environment: bytes are never stored as sent. */
export function imagesBinding(env: { IMAGES?: ImagesBinding }): ImagesBinding {
  if (!env.IMAGES) {
    log.error('IMAGES binding missing: photo uploads are refused');
    throw serviceUnavailable(MEDIA_TEXTS.processingMissing);
  }
  return env.IMAGES;
}

/**
 * How each preset is fitted. Photos fit inside their box and are never enlarged (`scale-down`). The profile
 * thumbnail is a map and list avatar drawn in a fixed square: it is cover-cropped around the centre to exactly
 * 200x200 (`cover`, which enlarges a source smaller than that), so every consumer can rely on a square of one size.
 */
const FIT: Record<ImagePresetName, 'scale-down' | 'cover'> = {
  profile: 'scale-down',
  spa: 'scale-down',
  banner: 'scale-down',
  thumbnail: 'cover',
  document: 'scale-down',
};

/** EXIF orientations 2 to 8 as the flip, then the clockwise rotation, that shows the picture upright. */
const ORIENTATIONS: Record<number, { flip?: 'h' | 'v'; rotate?: 90 | 180 | 270 }> = {
  2: { flip: 'h' },
  3: { rotate: 180 },
  4: { flip: 'v' },
  5: { flip: 'h', rotate: 270 },
  6: { rotate: 90 },
  7: { flip: 'h', rotate: 90 },
  8: { rotate: 270 },
};

/**
 * The bytes the decoder gets. For a JPEG: only what decoding needs (JFIF, the ICC colour profile, Adobe's colour
 * transform, the tables, the frame and the scans), so EXIF with its GPS, XMP, comments and other APPn segments,
 * and anything after the first image, never reach it; the orientation is read from EXIF first. PNG and WebP go
 * as they are (the encoder keeps none of their metadata, which the output check below holds it to).
 */
function decoderInput(image: InspectedImage): { bytes: Uint8Array<ArrayBuffer>; orientation: number } {
  if (image.type !== 'image/jpeg') return { bytes: image.bytes, orientation: 1 };
  const segments = jpegSegments(image.bytes);
  if (!segments || !jpegDimensions(image.bytes, segments)) throw unsupported();
  const needed = (segment: JpegSegment) =>
    !isMetadataMarker(segment.marker) || isIccProfile(image.bytes, segment) || isAdobe(image.bytes, segment);
  return { bytes: rebuildJpeg(image.bytes, segments, needed), orientation: exifOrientation(image.bytes, segments) };
}

/** Segments a displayed JPEG needs; everything else the encoder may have written is dropped. */
function displayable(bytes: Uint8Array, segment: JpegSegment): boolean {
  const { marker } = segment;
  return (
    marker === DQT ||
    marker === DHT ||
    marker === DRI ||
    marker === SOS ||
    isStartOfFrame(marker) ||
    isPlainJfif(bytes, segment)
  );
}

/** Images codes that mean the file could not be decoded (not that the service is down); see ADR 017. */
const UNDECODABLE = new Set([9412, 9413, 9520, 9523]);

function processingFailed(): TRPCError {
  return serviceUnavailable(MEDIA_TEXTS.processingFailed);
}

/** Decodes the upload and encodes it again once per preset, in parallel. */
export async function reencodeImage(
  images: ImagesBinding,
  source: InspectedImage,
  presets: ImagePresetName[],
): Promise<EncodedImage[]> {
  const input = decoderInput(source);
  const upright = ORIENTATIONS[input.orientation] ?? {};
  return Promise.all(presets.map((preset) => encodeOne(images, input.bytes, upright, preset)));
}

async function encodeOne(
  images: ImagesBinding,
  input: Uint8Array<ArrayBuffer>,
  upright: { flip?: 'h' | 'v'; rotate?: 90 | 180 | 270 },
  presetName: ImagePresetName,
): Promise<EncodedImage> {
  const preset = IMAGE_PRESETS[presetName];
  const fit = FIT[presetName];
  let output: Uint8Array;
  try {
    let transformer = images.input(new Blob([input]).stream());
    // One step each, in this order: flip, rotate (clockwise), then fit into the box (whose sides are upright).
    if (upright.flip) transformer = transformer.transform({ flip: upright.flip });
    if (upright.rotate) transformer = transformer.transform({ rotate: upright.rotate });
    transformer = transformer.transform({
      width: preset.maxWidth,
      height: preset.maxHeight,
      fit,
      ...(fit === 'cover' ? { gravity: 'center' as const } : {}),
    });
    const result = await transformer.output({
      format: 'image/jpeg',
      quality: Math.round(preset.quality * 100),
      background: '#ffffff',
    });
    output = new Uint8Array(await result.response().arrayBuffer());
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    log.error('image re-encoding failed', {
      code,
      message: error instanceof Error ? error.message.slice(0, 300) : String(error),
    });
    if (typeof code === 'number' && UNDECODABLE.has(code)) throw unsupported();
    throw processingFailed();
  }

  // Defence in depth: whatever the encoder returned, only a clean JPEG of the expected size is stored.
  const segments = jpegSegments(output);
  const size = segments && jpegDimensions(output, segments);
  const fits =
    size &&
    (fit === 'cover'
      ? size.width === preset.maxWidth && size.height === preset.maxHeight
      : size.width <= preset.maxWidth && size.height <= preset.maxHeight);
  if (!segments || !size || !fits) {
    log.error('image re-encoding returned an unexpected JPEG', { preset: presetName, size, bytes: output.length });
    throw processingFailed();
  }
  const bytes = rebuildJpeg(output, segments, (segment) => displayable(output, segment));
  return { reencoded: true, bytes, width: size.width, height: size.height };
}

/**
 * Stores re-encoded images under content-addressed keys of one owner (`profiles/42/<sha-256>.jpg`), all or none:
 * when R2 refuses one, those already stored go again and the upload is refused with 503.
 */
export async function storeImages(
  bucket: R2Bucket,
  scope: string,
  ownerId: number,
  images: EncodedImage[],
): Promise<StoredImage[]> {
  const keyed = await Promise.all(
    images.map(async (image) => ({ image, key: `${scope}/${ownerId}/${await sha256Hex(image.bytes)}.jpg` })),
  );
  const stored = await Promise.allSettled(
    keyed.map(({ image, key }) =>
      bucket.put(key, image.bytes, {
        httpMetadata: { contentType: 'image/jpeg' },
        customMetadata: { owner: String(ownerId), width: String(image.width), height: String(image.height) },
      }),
    ),
  );
  const failure = stored.find((result) => result.status === 'rejected');
  if (failure) {
    log.error('photo storage failed', { error: failure.reason });
    const written = keyed.filter((_entry, index) => stored[index]!.status === 'fulfilled').map(({ key }) => key);
    await bucket
      .delete(written)
      .catch((error: unknown) => log.error('photo storage: could not remove a partial upload', { error }));
    throw serviceUnavailable(MEDIA_TEXTS.storageFailed);
  }
  return keyed.map(({ key }) => ({ key, url: `${MEDIA_PATH}${key}` }));
}

/**
 * Stores one re-encoded image privately (`<scope>/<owner>/<uuid>.jpg`, a key /media/ never serves) and answers its
 * key; a refusal by R2 is 503, as for storeImages.
 */
export async function storePrivateImage(
  bucket: R2Bucket,
  scope: string,
  ownerId: number,
  image: EncodedImage,
): Promise<string> {
  const key = `${scope}/${ownerId}/${crypto.randomUUID()}.jpg`;
  try {
    await bucket.put(key, image.bytes, {
      httpMetadata: { contentType: 'image/jpeg' },
      customMetadata: { owner: String(ownerId), width: String(image.width), height: String(image.height) },
    });
  } catch (error) {
    log.error('private photo storage failed', { error });
    throw serviceUnavailable(MEDIA_TEXTS.storageFailed);
  }
  return key;
}

/** The object key behind a /media/ URL the platform issued, or null for anything else. */
export function mediaKeyOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(MEDIA_PATH)) return null;
  const key = url.slice(MEDIA_PATH.length);
  return KEY_PATTERN.test(key) ? key : null;
}

/**
 * Deletes the objects behind URLs a member no longer points at, keeping any that are still in use
 * (re-uploading the same photo yields the same key).
 */
export async function deleteReplaced(
  bucket: R2Bucket,
  replaced: (string | null | undefined)[],
  stillUsed: (string | null | undefined)[],
) {
  const keep = new Set(stillUsed.map(mediaKeyOf).filter(Boolean));
  const keys = [...new Set(replaced.map(mediaKeyOf).filter((key): key is string => Boolean(key) && !keep.has(key)))];
  if (keys.length > 0) await bucket.delete(keys);
}

/** Every object stored under an owner (`<scope>/<owner>/...`): a deleted member's photos, current or left behind. */
export async function deleteOwnerImages(bucket: R2Bucket, scope: string, ownerId: number): Promise<number> {
  let deleted = 0;
  let cursor: string | undefined;
  do {
    const listed = await bucket.list({ prefix: `${scope}/${ownerId}/`, cursor });
    if (listed.objects.length > 0) await bucket.delete(listed.objects.map((object) => object.key));
    deleted += listed.objects.length;
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  return deleted;
}

/** GET /media/<key>: the object with its own type, nosniff, its ETag, and a year's immutable cache. */
export async function serveMedia(bucket: R2Bucket | undefined, key: string, request: Request): Promise<Response> {
  if (!bucket || !KEY_PATTERN.test(key))
    return Response.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
  const object = await bucket.get(key, { onlyIf: request.headers });
  if (!object) return Response.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
  const headers = new Headers({
    'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: object.httpEtag,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': 'inline',
  });
  // A conditional request whose ETag matches gets the object's metadata without its body.
  if (!('body' in object)) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(object.size));
  return new Response(object.body, { headers });
}
