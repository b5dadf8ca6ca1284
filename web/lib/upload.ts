// Uploading a photo with progress: fetch cannot report upload progress, XMLHttpRequest can. The answer's error
// message is the server's own where it sent one (413 and 415 carry the spec's texts).
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

export function uploadForm<T = UploadAnswer>(url: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
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
