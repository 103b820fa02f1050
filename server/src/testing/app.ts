/** The app over a fresh copy of the demo database, for router tests through app.request() (style 15). */
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../app';
import type { Db } from '../db/client';
import type { Viewer } from '../http/viewer';
import { openTestDatabase, type Backend } from './database';
import { readConfig } from '../config';

/** Send `x-test-viewer: <json Viewer>` to act as that user; sessions replace this in #4. */
const VIEWER_HEADER = 'x-test-viewer';

export function asViewer(viewer: Viewer): HeadersInit {
  return { [VIEWER_HEADER]: JSON.stringify(viewer) };
}

/** Opens the database before the file's tests and closes it after; use the getters inside tests. */
export function useTestApp(backend: Backend) {
  let db: Db;
  let app: ReturnType<typeof createApp>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await openTestDatabase(backend);
    db = database.db;
    close = database.close;
    app = createApp({
      db,
      config: { ...readConfig({}), isProduction: false },
      resolveViewer: (c) => {
        const header = c.req.header(VIEWER_HEADER);
        return header ? (JSON.parse(header) as Viewer) : null;
      },
    });
  });
  afterAll(async () => close?.());
  return {
    get db() {
      return db;
    },
    /** GETs a path and returns the status, headers and parsed JSON body. */
    async get<T = any>(path: string, headers?: HeadersInit) {
      const res = await app.request(path, { headers });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
    },
    request: (path: string, init?: RequestInit) => app.request(path, init),
  };
}
