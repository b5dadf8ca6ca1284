// Photos on their way to the server: compressing with a preset (common/image-presets.ts: profile pictures, the
// admin's spa images; the server re-encodes them and makes thumbnails itself), and uploading with progress (fetch cannot report upload progress,
// XMLHttpRequest can). The answer's error message is the server's own where it sent one (413 and 415 carry
// the spec's texts).
import imageCompression from 'browser-image-compression';
import type { CompressionPreset } from '../../common/image-presets.ts';

/** A JPEG no larger than the preset's box, at its quality, aiming at its size. */
export function compressImage(file: File, preset: CompressionPreset): Promise<File> {
  return imageCompression(file, {
    maxWidthOrHeight: Math.max(preset.maxWidth, preset.maxHeight),
    initialQuality: preset.quality,
    maxSizeMB: preset.targetKB / 1024,
    fileType: 'image/jpeg',
    // The worker variant would fetch the library from a CDN; images this small are quick on the main thread.
    useWebWorker: false,
  });
}

/** How much smaller the compressed file is, in whole percent (never negative). */
export function savedPercent(original: Blob, compressed: Blob): number {
  return Math.max(0, Math.round((1 - compressed.size / original.size) * 100));
}
export interface UploadAnswer {
  message: string;
  profilePic: string;
  profilePicThumbnail: string | null;
}

export class UploadError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

export function uploadForm<T = UploadAnswer>(
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = request.response as { message?: unknown } | null;
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(new UploadError(typeof body?.message === 'string' ? body.message : '', request.status));
    };
    request.onerror = () => reject(new UploadError('', 0));
    request.send(form);
  });
}
