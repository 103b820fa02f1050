import { describe, expect, it } from 'vitest';
import { UPLOAD_FIELD } from '../schemas/upload';
import { ApiError } from './errors';
import { fakeFetch, jsonAnswer, type Reply } from '../testing/fake-fetch';
import { createApi, type ApiOptions } from './index';
import type { UploadProgress, UploadSender } from './upload';

const ANSWER = { path: 'uploads/cv-1.pdf', name: 'cv.pdf', size: 3 };
const file = (size = 3, name = 'cv.pdf') => new File([new Uint8Array(size).fill(65)], name, { type: 'application/pdf' });

const setup = (reply: Reply = () => jsonAnswer(ANSWER), options: ApiOptions = {}) => {
  const recorded = fakeFetch(reply);
  return { ...recorded, api: createApi({ baseUrl: 'http://nordlys.test/api/', fetch: recorded.fetch, ...options }) };
};

describe('uploads (spec 7)', () => {
  it('POSTs upload/{type} as multipart with the field file_upload', async () => {
    const { api, last } = setup();
    expect(await api.upload.upload('cv', file())).toEqual(ANSWER);
    const call = last();
    expect(call).toMatchObject({ method: 'POST', path: '/api/upload/cv' });
    expect(call.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect([...call.form!.keys()]).toEqual([UPLOAD_FIELD]);
    expect(UPLOAD_FIELD).toBe('file_upload');
    const sent = call.form!.get('file_upload') as File;
    expect(sent.name).toBe('cv.pdf');
    expect(await sent.text()).toBe('AAA');
  });

  it('POSTs upload/image for an image, with a chosen file name', async () => {
    const { api, last } = setup();
    await api.upload.uploadImage(new Blob([new Uint8Array([1, 2])], { type: 'image/png' }), { fileName: 'logo.png' });
    expect(last()).toMatchObject({ method: 'POST', path: '/api/upload/image' });
    expect((last().form!.get('file_upload') as File).name).toBe('logo.png');
  });

  it('reports 0 at the start and 1 at the end', async () => {
    const seen: UploadProgress[] = [];
    const { api } = setup();
    await api.upload.upload('document', file(10), { onProgress: (p) => seen.push(p) });
    expect(seen.map((p) => p.fraction)).toEqual([0, 1]);
    expect(seen.at(-1)).toMatchObject({ percent: 100 });
  });

  it('reports byte progress while streaming the body (streamUploads)', async () => {
    const seen: UploadProgress[] = [];
    const { api, last } = setup(undefined, { streamUploads: true });
    await api.upload.upload('document', file(256 * 1024), { onProgress: (p) => seen.push(p) });
    const fractions = seen.map((p) => p.fraction);
    expect(fractions[0]).toBe(0);
    expect(fractions.at(-1)).toBe(1);
    // Something between start and end, in order: the body went out in chunks.
    expect(fractions.some((f) => f > 0 && f < 1)).toBe(true);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
    expect(seen.at(-1)!.transferredBytes).toBeGreaterThan(256 * 1024);
    // The streamed body is still the same multipart form.
    expect((await (last().form!.get('file_upload') as File).arrayBuffer()).byteLength).toBe(256 * 1024);
  });

  it('does not report the end of a failed upload', async () => {
    const seen: number[] = [];
    const { api } = setup(() => jsonAnswer({ message: 'File too large', code: 'E_TOO_LARGE' }, 413));
    const error = await api.upload.upload('cv', file(), { onProgress: (p) => seen.push(p.fraction) }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 413, message: 'File too large' });
    expect(seen).toEqual([0]);
  });
});

describe('cancelling an upload (spec 7)', () => {
  /** Answers after 1 s unless the request's signal fires first, as a real fetch would. */
  const slow: Reply = ({ signal }) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const timer = setTimeout(() => resolve(jsonAnswer(ANSWER)), 1000);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
    });

  it('rejects with an ApiError coded E_ABORTED', async () => {
    const { api } = setup(slow);
    const controller = new AbortController();
    const pending = api.upload.upload('cv', file(), { signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 10);
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'E_ABORTED' });
  });

  it('rejects with E_ABORTED when aborted with a reason that is not an Error', async () => {
    const { api } = setup(slow, { streamUploads: true });
    const controller = new AbortController();
    const pending = api.upload.uploadImage(file(), { signal: controller.signal, onProgress: () => undefined }).catch((e: unknown) => e);
    setTimeout(() => controller.abort('user closed the dialog'), 10);
    expect(await pending).toMatchObject({ name: 'ApiError', code: 'E_ABORTED' });
  });

  it('rejects at once with an already aborted signal', async () => {
    const { api } = setup(slow);
    const error = await api.upload.upload('cv', file(), { signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', code: 'E_ABORTED' });
  });
});

describe('an upload sender (byte progress over HTTP/1.1, issue #11)', () => {
  /** A sender as the site's XMLHttpRequest one behaves: reads the body, reports bytes, answers or rejects on abort. */
  const sender =
    (answer: () => Response, { hold = false } = {}): UploadSender =>
    async (request, onProgress) => {
      const body = await request.arrayBuffer();
      sent.push({ request, body });
      onProgress(body.byteLength / 2, body.byteLength);
      if (hold) {
        await new Promise((_, reject) => {
          if (request.signal.aborted) reject(request.signal.reason);
          request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }
      onProgress(body.byteLength, body.byteLength);
      return answer();
    };
  let sent: { request: Request; body: ArrayBuffer }[] = [];
  const withSender = (uploadSender: UploadSender) => {
    sent = [];
    return createApi({ baseUrl: 'http://nordlys.test/api/', fetch: () => Promise.reject(new Error('fetch must not be used')), uploadSender });
  };

  it('sends the multipart request through the sender and reports the bytes in between', async () => {
    const api = withSender(sender(() => jsonAnswer(ANSWER)));
    const seen: UploadProgress[] = [];
    const answer = await api.upload.upload('logo', file(1000, 'logo.png'), { owner: { kind: 'company', key: 'acme' }, onProgress: (p) => seen.push(p) });
    expect(answer).toEqual(ANSWER);
    const { request } = sent[0]!;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/upload/logo');
    expect(new URL(request.url).searchParams.get('company')).toBe('acme');
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent[0]!.body.byteLength).toBeGreaterThan(1000);
    const fractions = seen.map((p) => p.fraction);
    expect(fractions[0]).toBe(0);
    expect(fractions).toContain(0.5);
    // Every byte sent is not yet the answer: 1 only once the server answered.
    expect(fractions.filter((f) => f === 1)).toHaveLength(1);
    expect(fractions.at(-1)).toBe(1);
    expect(seen.at(-1)!.percent).toBe(100);
  });

  it("turns the server's error answer into an ApiError with its message and code", async () => {
    const api = withSender(sender(() => jsonAnswer({ message: 'The file is larger than 10 MB', code: 'E_TOO_LARGE' }, 413)));
    const error = await api.upload.upload('logo', file()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'E_TOO_LARGE', message: 'The file is larger than 10 MB' });
  });

  it('keeps the client rules: a 503 is not retried (a POST), a 403 while logged in logs out', async () => {
    let loggedIn = true;
    sent = [];
    const forbidden = createApi({
      baseUrl: 'http://nordlys.test/api/',
      uploadSender: sender(() => jsonAnswer({ message: 'Not allowed', code: 'E_FORBIDDEN' }, 403)),
      isLoggedIn: () => loggedIn,
      onForbidden: () => {
        loggedIn = false;
      },
    });
    expect(await forbidden.upload.upload('logo', file()).catch((e: unknown) => e)).toMatchObject({ name: 'ApiError', status: 403 });
    expect(loggedIn).toBe(false);
    const busy = withSender(sender(() => jsonAnswer({ message: 'Busy' }, 503)));
    expect(await busy.upload.upload('logo', file()).catch((e: unknown) => e)).toMatchObject({ name: 'ApiError', status: 503 });
    expect(sent).toHaveLength(1);
  });

  it('cancels through the signal the sender gets, as E_ABORTED', async () => {
    const api = withSender(sender(() => jsonAnswer(ANSWER), { hold: true }));
    const controller = new AbortController();
    const pending = api.upload.upload('logo', file(), { signal: controller.signal, onProgress: (p) => p.fraction === 0.5 && controller.abort() }).catch((e: unknown) => e);
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'E_ABORTED' });
    expect(sent[0]!.request.signal.aborted).toBe(true);
  });
});
