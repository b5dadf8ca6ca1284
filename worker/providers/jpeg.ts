// A JPEG's segments (ITU T.81 annex B): the marker walk the photo pipeline (worker/providers/media.ts) uses to
// read the EXIF orientation, to hand the decoder only what decoding needs, and to check what the encoder gave
// back: a whole JPEG of the expected size carrying no comment (COM) and no APP1..APP15 segment.
// Pure functions on bytes; nothing here decodes pixels.

export interface JpegSegment {
  /** The marker's second byte: 0xd8 SOI, 0xe0..0xef APPn, 0xfe COM, 0xda SOS (with its entropy-coded data), ... */
  marker: number;
  /** Offset of the segment's 0xff marker byte. */
  start: number;
  /** Offset just after the segment (for SOS: after its entropy-coded data). */
  end: number;
}

export const SOI = 0xd8;
export const EOI = 0xd9;
export const SOS = 0xda;
export const DQT = 0xdb;
export const DHT = 0xc4;
export const DRI = 0xdd;
export const APP0 = 0xe0;
export const APP1 = 0xe1;
export const APP2 = 0xe2;
export const APP14 = 0xee;
export const COM = 0xfe;

/** Start Of Frame markers: every 0xc0..0xcf except DHT (c4), JPG (c8) and DAC (cc). */
export function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== DHT && marker !== 0xc8 && marker !== 0xcc;
}

/** APP1..APP15 and COM: where EXIF, GPS, XMP, IPTC, comments and any markup ride. */
export function isMetadataMarker(marker: number): boolean {
  return (marker >= APP1 && marker <= 0xef) || marker === COM;
}

/**
 * The segments from SOI to the first EOI, or null when the bytes are not a well-formed JPEG. Anything after the
 * first EOI (a second image of an MPF file, a gain map, appended bytes) is not part of the result.
 */
export function jpegSegments(bytes: Uint8Array): JpegSegment[] | null {
  const n = bytes.length;
  if (n < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const segments: JpegSegment[] = [{ marker: SOI, start: 0, end: 2 }];
  let i = 2;
  while (i < n) {
    if (bytes[i] !== 0xff) return null;
    // Any number of 0xff fill bytes may precede a marker.
    let j = i + 1;
    while (j < n && bytes[j] === 0xff) j++;
    if (j >= n) return null;
    const marker = bytes[j]!;
    const start = j - 1;
    if (marker === EOI) {
      segments.push({ marker, start, end: j + 1 });
      return segments;
    }
    if (marker === 0x00 || marker === SOI) return null;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      // TEM and RSTn stand alone.
      segments.push({ marker, start, end: j + 1 });
      i = j + 1;
      continue;
    }
    if (j + 2 >= n) return null;
    const length = (bytes[j + 1]! << 8) | bytes[j + 2]!;
    if (length < 2) return null;
    let end = j + 1 + length;
    if (end > n) return null;
    if (marker === SOS) {
      // Entropy-coded data runs to the next marker that is neither a stuffed 0xff00 nor a restart marker.
      let k = end;
      for (;;) {
        k = bytes.indexOf(0xff, k);
        if (k < 0 || k >= n - 1) return null;
        const next = bytes[k + 1]!;
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) k += 2;
        else if (next === 0xff) k += 1;
        else break;
      }
      end = k;
    }
    segments.push({ marker, start, end });
    i = end;
  }
  return null;
}

/** The segment's payload: the bytes after its marker and length. */
export function payloadOf(bytes: Uint8Array, segment: JpegSegment): Uint8Array {
  return bytes.subarray(segment.start + 4, segment.end);
}

function startsWithText(payload: Uint8Array, text: string): boolean {
  if (payload.length < text.length) return false;
  for (let i = 0; i < text.length; i++) if (payload[i] !== text.charCodeAt(i)) return false;
  return true;
}

export const isExif = (bytes: Uint8Array, segment: JpegSegment) =>
  segment.marker === APP1 && startsWithText(payloadOf(bytes, segment), 'Exif\0\0');
export const isIccProfile = (bytes: Uint8Array, segment: JpegSegment) =>
  segment.marker === APP2 && startsWithText(payloadOf(bytes, segment), 'ICC_PROFILE\0');
export const isAdobe = (bytes: Uint8Array, segment: JpegSegment) =>
  segment.marker === APP14 && startsWithText(payloadOf(bytes, segment), 'Adobe');
/** A plain JFIF header (16 bytes: no embedded thumbnail). */
export const isPlainJfif = (bytes: Uint8Array, segment: JpegSegment) =>
  segment.marker === APP0 && segment.end - segment.start === 18 && startsWithText(payloadOf(bytes, segment), 'JFIF\0');

/** The EXIF Orientation (tag 0x0112 of IFD0), 1 to 8; 1 (as stored) when absent or unreadable. */
export function exifOrientation(bytes: Uint8Array, segments: JpegSegment[]): number {
  const exif = segments.find((segment) => isExif(bytes, segment));
  if (!exif) return 1;
  const tiff = payloadOf(bytes, exif).subarray(6);
  if (tiff.length < 8) return 1;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  const big = tiff[0] === 0x4d && tiff[1] === 0x4d;
  if (!little && !big) return 1;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  if (u16(2) !== 42) return 1;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const count = u16(ifd);
  for (let entry = 0; entry < count; entry++) {
    const at = ifd + 2 + entry * 12;
    if (at + 12 > tiff.length) return 1;
    // Orientation is one SHORT (type 3), stored at the start of the value field.
    if (u16(at) === 0x0112 && u16(at + 2) === 3) {
      const value = u16(at + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** Width and height from the (only) Start Of Frame segment; null without exactly one. */
export function jpegDimensions(bytes: Uint8Array, segments: JpegSegment[]): { width: number; height: number } | null {
  const frames = segments.filter((segment) => isStartOfFrame(segment.marker));
  if (frames.length !== 1) return null;
  const { start, end } = frames[0]!;
  if (end - start < 10) return null;
  const height = (bytes[start + 5]! << 8) | bytes[start + 6]!;
  const width = (bytes[start + 7]! << 8) | bytes[start + 8]!;
  return width > 0 && height > 0 ? { width, height } : null;
}

/** The JPEG made of the segments kept (SOI and EOI always are), in their order. */
export function rebuildJpeg(
  bytes: Uint8Array,
  segments: JpegSegment[],
  keep: (segment: JpegSegment) => boolean,
): Uint8Array<ArrayBuffer> {
  const kept = segments.filter((segment) => segment.marker === SOI || segment.marker === EOI || keep(segment));
  const out = new Uint8Array(kept.reduce((sum, segment) => sum + segment.end - segment.start, 0));
  let at = 0;
  for (const segment of kept) {
    out.set(bytes.subarray(segment.start, segment.end), at);
    at += segment.end - segment.start;
  }
  return out;
}
