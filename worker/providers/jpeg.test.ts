// The JPEG segment walk the photo pipeline relies on: segments found through stuffed bytes and restart markers,
// the EXIF orientation read, the frame's size, metadata dropped on a rebuild, malformed files refused.
import { describe, expect, it } from 'vitest';
import { JPEG_400, commentSegment, exifSegment, withSegments } from '../test/fixtures/images.ts';
import {
  APP0,
  COM,
  EOI,
  SOI,
  SOS,
  exifOrientation,
  isMetadataMarker,
  jpegDimensions,
  jpegSegments,
  rebuildJpeg,
} from './jpeg.ts';

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

/** SOI, a 1-component baseline frame of 3x2, one scan whose data holds a stuffed 0xff00 and a restart marker, EOI. */
const TINY = new Uint8Array([
  0xff, 0xd8, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x02, 0x00, 0x03, 0x01, 0x01, 0x11, 0x00, 0xff, 0xda, 0x00, 0x08,
  0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xff, 0xff, 0xd9,
]);

describe('jpegSegments', () => {
  it('walks a real JPEG from SOI to EOI', () => {
    const segments = jpegSegments(JPEG_400)!;
    expect(segments[0]!.marker).toBe(SOI);
    expect(segments.at(-1)).toMatchObject({ marker: EOI, end: JPEG_400.length });
    expect(segments.some((segment) => segment.marker === APP0)).toBe(true);
    expect(jpegDimensions(JPEG_400, segments)).toEqual({ width: 400, height: 400 });
  });

  it('keeps stuffed bytes, restart markers and fill bytes inside the scan', () => {
    const segments = jpegSegments(TINY)!;
    expect(segments.map((segment) => segment.marker)).toEqual([SOI, 0xc0, SOS, EOI]);
    expect(segments[2]!.end).toBe(TINY.length - 2);
    expect(jpegDimensions(TINY, segments)).toEqual({ width: 3, height: 2 });
  });

  it('refuses what is not a whole JPEG', () => {
    expect(jpegSegments(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(jpegSegments(JPEG_400.slice(0, 2000))).toBeNull();
    expect(jpegSegments(TINY.slice(0, TINY.length - 2))).toBeNull();
    expect(jpegSegments(new TextEncoder().encode('<html></html>'))).toBeNull();
    const badLength = new Uint8Array(TINY);
    badLength[5] = 0xff;
    expect(jpegSegments(badLength)).toBeNull();
  });

  it('ends at the first EOI: what follows (a second image, a gain map) is not part of it', () => {
    const twice = new Uint8Array([...TINY, ...TINY]);
    expect(jpegSegments(twice)!.at(-1)!.end).toBe(TINY.length);
  });
});

describe('EXIF and metadata', () => {
  it('reads the orientation from EXIF, 1 without one', () => {
    for (const orientation of [1, 3, 6, 8]) {
      const bytes = withSegments(JPEG_400, exifSegment({ orientation }));
      expect(exifOrientation(bytes, jpegSegments(bytes)!)).toBe(orientation);
    }
    expect(exifOrientation(JPEG_400, jpegSegments(JPEG_400)!)).toBe(1);
    const noOrientation = withSegments(JPEG_400, exifSegment());
    expect(exifOrientation(noOrientation, jpegSegments(noOrientation)!)).toBe(1);
  });

  it('drops comments and APP1..APP15 on a rebuild, keeping the picture', () => {
    const tainted = withSegments(
      JPEG_400,
      commentSegment('<img src=x onerror=alert(1)>'),
      exifSegment({ orientation: 6 }),
    );
    const segments = jpegSegments(tainted)!;
    expect(segments.filter((segment) => segment.marker === COM)).toHaveLength(1);
    const clean = rebuildJpeg(tainted, segments, (segment) => !isMetadataMarker(segment.marker));
    expect(latin1(clean)).not.toContain('onerror');
    expect(latin1(clean)).not.toContain('Exif');
    const cleanSegments = jpegSegments(clean)!;
    expect(cleanSegments.filter((segment) => isMetadataMarker(segment.marker))).toEqual([]);
    expect(jpegDimensions(clean, cleanSegments)).toEqual({ width: 400, height: 400 });
    // JPEG_400 itself carries an ICC profile (APP2): gone too.
    expect(clean.length).toBeLessThan(JPEG_400.length);
  });
});
