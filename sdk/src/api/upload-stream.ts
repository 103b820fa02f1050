/** The sender of `createApi({ streamUploads: true })`: byte progress by streaming the body (see UploadSender in upload.ts). */
import type { UploadSender } from './upload';

/** Whether fetch takes a streamed body (the test of the Fetch spec's `duplex`): Chromium and Node; not Firefox or Safari when written. */
function supportsRequestStreams(): boolean {
  let duplex = false;
  const typed = new Request('https://stream.invalid', {
    method: 'POST',
    body: new ReadableStream(),
    get duplex() {
      duplex = true;
      return 'half';
    },
  } as RequestInit).headers.has('Content-Type');
  return duplex && !typed;
}

/**
 * Streams the body to `send` (fetch by default), reporting the bytes as fetch reads them: byte
 * progress without XMLHttpRequest, but only where /api is served over HTTP/2 or HTTP/3 (Chromium
 * rejects a streamed body over HTTP/1.1 with ERR_H2_OR_QUIC_REQUIRED; Firefox and Safari, without
 * request streams when written, send it whole with no byte progress). The sender of `createApi({ streamUploads: true })`.
 */
export function streamingUploadSender(send: typeof fetch = fetch): UploadSender {
  return async (request, onProgress) => {
    // Without request streams: the plain request, so progress is 0 and 1 only.
    if (!supportsRequestStreams()) return send(request);
    const bytes = new Uint8Array(await request.arrayBuffer());
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(sent, (sent += 64 * 1024)));
        onProgress(Math.min(sent, bytes.length), bytes.length);
      },
    });
    const { method, headers, credentials, signal } = request;
    return send(request.url, { method, headers, credentials, signal, body, duplex: 'half' } as RequestInit);
  };
}
