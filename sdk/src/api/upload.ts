/** Upload calls of spec 7: multipart with the field file_upload, cancellable, with progress. */
import type { UploadAnswer, UploadOwner, UploadType } from '../schemas/upload';
import { UPLOAD_FIELD } from '../schemas/upload-field';
import { toSearchParams } from './params';
import type { Transport } from './transport';

/** How far an upload is. */
export interface UploadProgress {
  /** 0 to 1. */
  fraction: number;
  /** 0 to 100, rounded down. */
  percent: number;
  transferredBytes: number;
  /** An estimate (the multipart framing is approximated). */
  totalBytes: number;
}

export interface UploadOptions {
  /** Called with 0 first and 1 last on success (when the body is sent, or at the latest when the server answers); in between only with streamed uploads or an UploadSender. */
  onProgress?: (progress: UploadProgress) => void;
  /** Cancels the upload; the call then rejects with an ApiError whose code is 'E_ABORTED'. */
  signal?: AbortSignal;
  /** The file name sent with the part; defaults to the File's name. */
  fileName?: string;
  /** The profile the image is for (`?company=` or `?investor=`); only its members may upload for it. */
  owner?: UploadOwner;
}

/**
 * Sends an upload's request and reports the bytes sent, for byte progress over HTTP/1.1 (issue #11).
 * It gets the finished Request (multipart body, headers, the abort signal that cancel and the
 * timeout fire) and answers its Response, as fetch would; a rejection of an aborted request becomes
 * E_ABORTED. The browser's XMLHttpRequest sender lives in the site (site/src/lib/upload.ts), which
 * keeps the sdk free of DOM APIs.
 */
export type UploadSender = (request: Request, onProgress: (sentBytes: number, totalBytes: number) => void) => Promise<Response>;

/** Large files on slow links take longer than the 15 s of ordinary calls; cancel with `signal`. */
export const UPLOAD_TIMEOUT_MS = 5 * 60_000;

const progressOf = (transferredBytes: number, totalBytes: number, fraction: number): UploadProgress => ({
  fraction,
  percent: Math.floor(fraction * 100),
  transferredBytes,
  totalBytes,
});

/** @param sender See UploadSender; without one, onProgress reports only 0 and 1. */
export function uploadApi(http: Transport, { sender }: { sender?: UploadSender } = {}) {
  /**
   * POST upload/{type} (spec 7): the file as the multipart field `file_upload`.
   * @example
   * const controller = new AbortController();
   * const { path } = await api.upload.upload('cv', file, { onProgress: (p) => bar(p.percent), signal: controller.signal });
   */
  async function upload(type: UploadType, file: Blob, { onProgress, signal, fileName, owner }: UploadOptions = {}): Promise<UploadAnswer> {
    const form = new FormData();
    form.append(UPLOAD_FIELD, file, fileName ?? (file instanceof File ? file.name : 'upload'));
    let last = progressOf(0, file.size, 0);
    const report = (progress: UploadProgress) => {
      last = progress;
      onProgress?.(progress);
    };
    report(last);
    const answer = await http
      .post(`upload/${encodeURIComponent(type)}`, {
        body: form,
        searchParams: owner && toSearchParams({ [owner.kind]: owner.key }),
        signal,
        timeout: UPLOAD_TIMEOUT_MS,
        // The sender takes fetch's place, so the client's rules (ApiError, E_ABORTED, the 403 rule) still apply.
        fetch:
          sender &&
          ((input, init) =>
            sender(new Request(input, init), (sent, total) => {
              // The last byte sent is not the answer yet: 1 is reported when the server answered.
              if (total > 0) report(progressOf(sent, total, Math.min(sent / total, 0.99)));
            })),
      })
      .json<UploadAnswer>();
    if (last.fraction < 1) report(progressOf(last.totalBytes, last.totalBytes, 1));
    return answer;
  }

  return {
    upload,
    /** POST upload/image (spec 7): answers the path and, for images, the six sizes. */
    uploadImage: (file: Blob, options?: UploadOptions) => upload('image', file, options),
  };
}
export type UploadApi = ReturnType<typeof uploadApi>;
