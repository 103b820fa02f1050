/**
 * The browser's upload sender (issue #11): XMLHttpRequest reports the bytes sent over HTTP/1.1,
 * which fetch cannot, so image fields show a real progress bar. The sdk takes it as
 * `createApi({ uploadSender })` and keeps its error rules (ApiError, the 403 rule of spec 8).
 */
import type { UploadSender } from '@nordlys/sdk/api';

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

/** Sends `request` with XMLHttpRequest, reporting upload progress; rejects with an AbortError when its signal fires. */
export const xhrUploadSender: UploadSender = async (request, onProgress) => {
  const { signal } = request;
  if (signal.aborted) throw abortError();
  // The multipart body as bytes, with the boundary kept in the request's Content-Type.
  const body = await request.blob();
  if (signal.aborted) throw abortError();
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.withCredentials = request.credentials === 'include';
    xhr.responseType = 'blob';
    request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.addEventListener('progress', (event) => {
      onProgress(event.loaded, event.lengthComputable ? event.total : body.size);
    });
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal.removeEventListener('abort', onAbort);
    xhr.addEventListener('load', () => {
      settle();
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      // A Response cannot carry the statuses 1xx or 0; XMLHttpRequest never loads with them anyway.
      resolve(new Response(xhr.status === 204 ? null : (xhr.response as Blob), { status: xhr.status, statusText: xhr.statusText, headers }));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new TypeError('The network request failed'));
    });
    xhr.addEventListener('timeout', () => {
      settle();
      reject(new TypeError('The network request timed out'));
    });
    xhr.send(body);
  });
};

/** The sender to use here: XMLHttpRequest in a browser, none (fetch) elsewhere. */
export function browserUploadSender(): UploadSender | undefined {
  return typeof XMLHttpRequest === 'undefined' ? undefined : xhrUploadSender;
}
