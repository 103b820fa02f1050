/** Test helper: a fetch that records each call's method, path, query and body, then answers. */

export interface RecordedCall {
  method: string;
  /** The URL path, e.g. '/api/users/me'. */
  path: string;
  query: Record<string, string>;
  headers: Headers;
  /** The parsed JSON body, when the call sent JSON. */
  json?: unknown;
  /** The parsed multipart body, when the call sent a form. */
  form?: FormData;
  /** The raw body otherwise ('' when there is none). */
  text?: string;
  signal: AbortSignal;
}

export type Reply = (call: RecordedCall) => Response | Promise<Response>;

export const jsonAnswer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Records every call; answers with `reply` (by default `{}` with 200). */
export function fakeFetch(reply: Reply = () => jsonAnswer({})) {
  const calls: RecordedCall[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const type = request.headers.get('content-type') ?? '';
    const call: RecordedCall = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      signal: request.signal,
    };
    if (type.startsWith('multipart/form-data')) call.form = await request.formData();
    else if (type.startsWith('application/json')) call.json = await request.json();
    else call.text = await request.text();
    calls.push(call);
    return reply(call);
  };
  return { calls, fetch, last: () => calls.at(-1)! };
}
