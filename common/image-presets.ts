// Photos (spec, "Validation rules", "Error catalogue" and "Business constants and limits"): the accepted types
// and size, the crop output, the compression presets, and the texts the screens show. The browser compresses with
// these presets to send less; the Worker decodes every upload and re-encodes it with the same presets, the
// thumbnail included (worker/providers/media.ts, ADR 017).
export const IMAGE_MAX_BYTES = 10_485_760;
/** Room for a thumbnail older clients still send beside a photo (the server ignores it and makes its own). */
export const THUMBNAIL_MAX_BYTES = 512 * 1024;
/** The body of an upload request: the photo, its thumbnail and the multipart framing. */
export const UPLOAD_BODY_MAX_BYTES = IMAGE_MAX_BYTES + THUMBNAIL_MAX_BYTES + 64 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/** File name endings the picker offers (JPEG, JPG, PNG or WebP). */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';

/** The crop dialog's output: a square JPEG. */
export const CROP_OUTPUT = { size: 400, type: 'image/jpeg', quality: 0.95 } as const;
export const CROP_ZOOM = { min: 1, max: 3, step: 0.1 } as const;

export interface CompressionPreset {
  maxWidth: number;
  maxHeight: number;
  quality: number;
  /** The size the compressor aims for. */
  targetKB: number;
}

/**
 * All JPEG. Profile uploads use `profile` and the server makes their thumbnail with `thumbnail` (cover-cropped to
 * exactly 200x200); the admin's spa images use `spa`; licence documents `document`. Photos fit inside the box and are never enlarged.
 */
export const IMAGE_PRESETS = {
  profile: { maxWidth: 400, maxHeight: 400, quality: 0.8, targetKB: 200 },
  spa: { maxWidth: 800, maxHeight: 600, quality: 0.85, targetKB: 500 },
  banner: { maxWidth: 1200, maxHeight: 400, quality: 0.9, targetKB: 800 },
  thumbnail: { maxWidth: 200, maxHeight: 200, quality: 0.7, targetKB: 100 },
  /** A licence's photo: large and sharp enough that an admin can read its number and dates. */
  document: { maxWidth: 1600, maxHeight: 1600, quality: 0.85, targetKB: 600 },
} as const satisfies Record<string, CompressionPreset>;
export type ImagePresetName = keyof typeof IMAGE_PRESETS;

export const IMAGE_TEXTS = {
  invalidTitle: 'Invalid file',
  invalidType: 'Please select a valid image file (JPEG, PNG, or WebP)',
  tooLarge: 'Image file must be smaller than 10MB',
  cropFailedTitle: 'Crop failed',
  cropFailed: 'Failed to crop image. Please try again.',
  uploadFailedTitle: 'Upload failed',
  uploadFailed: 'Failed to upload profile picture',
  unknownError: 'Unknown error',
  cropTitle: 'Adjust Your Profile Picture',
  uploadedTitle: 'Profile picture updated',
  compressedBy: (percent: number) => `Compressed by ${percent}%`,
} as const;

/** The browser's first check of a chosen file (the server checks the bytes again). */
export function checkImageFile(file: { type: string; size: number; name: string }): string | null {
  const byType = (IMAGE_TYPES as readonly string[]).includes(file.type);
  const byName = /\.(jpe?g|png|webp)$/i.test(file.name);
  if (!byType && !(file.type === '' && byName)) return IMAGE_TEXTS.invalidType;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TEXTS.tooLarge;
  return null;
}
