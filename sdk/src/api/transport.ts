/**
 * What the resource modules need from a transport: the one fetch transport (fetch-transport.ts), on
 * its own in the embeds and with the app's rules (timeout, retry, the 403 rule) in the site and the
 * server (client.ts).
 */
export interface CallOptions {
  searchParams?: URLSearchParams;
  json?: unknown;
  /** A body that is not JSON (a form, a string); give its Content-Type in `headers` when fetch cannot tell it. */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Cancels the call; the client then rejects with an ApiError coded E_ABORTED. */
  signal?: AbortSignal;
  /** Let the call finish after the page is left (fetch keepalive). */
  keepalive?: boolean;
  /** The client's only: this call's timeout in ms instead of the client's (uploads). */
  timeout?: number;
  /** The client's only: sends this call instead of the client's fetch (an upload sender), under the same rules. */
  fetch?: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
}

/** A call in flight: the Response, or its JSON body. */
export type Call = Promise<Response> & { json<T = unknown>(): Promise<T> };

/** Sends one call: a fetch, which may read the call's options (the client's rules do). */
export type Send = (url: string, init: RequestInit, call: CallOptions) => Promise<Response>;

export interface Transport {
  get(path: string, options?: CallOptions): Call;
  post(path: string, options?: CallOptions): Call;
  put(path: string, options?: CallOptions): Call;
  patch(path: string, options?: CallOptions): Call;
  delete(path: string, options?: CallOptions): Call;
}
