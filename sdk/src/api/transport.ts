/**
 * What the resource modules need from a transport. ky's instance has it (the app's one client);
 * so does the fetch-only transport the embeds use, where ky's 9 KB gzip would be most of the budget.
 */
export interface CallOptions {
  searchParams?: URLSearchParams;
  json?: unknown;
  /** Let the call finish after the page is left (fetch keepalive; ky passes it on, the embeds' transport does not). */
  keepalive?: boolean;
}

/** A call in flight: the Response, or its JSON body. */
export type Call = Promise<Response> & { json<T = unknown>(): Promise<T> };

export interface Transport {
  get(path: string, options?: CallOptions): Call;
  post(path: string, options?: CallOptions): Call;
}
