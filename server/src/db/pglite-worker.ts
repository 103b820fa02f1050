/**
 * PGlite in a worker thread, behind the part of PGlite's API that its users call: Drizzle's PGlite driver
 * (query, transaction), pg-boss's fromPglite adapter (query, exec, listen), the migrations (through Drizzle),
 * and the server's dumpDataDir and close. PGlite is WebAssembly that runs to the end of each query on the
 * thread that calls it; here that thread is not the one that serves requests (issue #16: a 50-connection
 * load on /jobs/{id} left /healthz waiting seconds behind the searches).
 *
 * Rows, parameters and errors cross as structured clones (Date, bigint, Uint8Array and JSON survive); the
 * query option `parsers` (functions) runs on this side, on the text PGlite sends back for those types.
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** What both PGlite and its worker-thread stand-in offer: the calls this server makes. */
export interface PgliteClient {
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(query: string, options?: QueryOptions): Promise<Array<Results>>;
  transaction<T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob>;
  close(): Promise<void>;
}

/** A transaction's handle, as PGlite's `transaction` callback gets it. */
export type PgliteTransaction = Pick<Transaction, 'query' | 'exec' | 'rollback' | 'closed'>;

/** What the worker opens: the data folder, an optional snapshot, and the extensions as `{ exportName: moduleSpecifier }`. */
export interface PgliteWorkerData {
  dataDir: string;
  snapshot?: Blob;
  extensions: Record<string, string>;
}

/** Query options as they cross: the types whose parsers run here come back as text. */
export type WireOptions = Omit<QueryOptions, 'parsers' | 'serializers' | 'onNotice'> & { textTypes?: number[] };

export type WireRequest = { id: number } & (
  | { op: 'query'; sql: string; params?: unknown[]; options?: WireOptions; tx?: number }
  | { op: 'exec'; sql: string; options?: WireOptions; tx?: number }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'rollback'; tx: number }
  | { op: 'listen'; channel: string; listener: number }
  | { op: 'unlisten'; listener: number }
  | { op: 'dump'; compression?: 'none' | 'gzip' | 'auto' }
  | { op: 'close' }
);

/** An error as it crosses: its own fields (code, detail, constraint, table…) kept as they were. */
export interface WireError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

export type WireReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WireError }
  | { notify: number; payload: string }
  | { ready: true }
  | { ready: false; error: WireError };

type Call = WireRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** The worker's script: beside this file from source, beside the bundle (server/dist) once built. */
function entryUrl(): URL {
  const source = new URL('./pglite-worker-entry.ts', import.meta.url);
  return import.meta.url.endsWith('.ts') && existsSync(source) ? source : new URL('./pglite-worker-entry.js', import.meta.url);
}

/** The error the worker reported, rebuilt with its fields so callers' checks (`code === '23505'`) hold. */
function fromWire(wire: WireError): Error {
  const error = new Error(wire.message);
  error.name = wire.name;
  Object.assign(error, wire.fields);
  if (wire.stack) error.stack = wire.stack;
  return error;
}

/** Splits the options: what crosses, and the parsers that stay here. */
function toWire(options: QueryOptions | undefined): { wire?: WireOptions; parsers?: NonNullable<QueryOptions['parsers']> } {
  if (!options) return {};
  const { parsers, serializers, onNotice, ...rest } = options;
  if (serializers || onNotice) throw new Error('PGlite in a worker thread: the query options `serializers` and `onNotice` are functions and cannot cross to it');
  if (!parsers || Object.keys(parsers).length === 0) return { wire: rest };
  return { wire: { ...rest, textTypes: Object.keys(parsers).map(Number) }, parsers };
}

/** Runs the caller's parsers on the columns of their types (PGlite skips nulls, and so does this). */
function parse<T>(result: Results<T>, parsers: NonNullable<QueryOptions['parsers']> | undefined): Results<T> {
  if (!parsers) return result;
  const columns = result.fields.map((field, index) => ({ ...field, index, parser: parsers[field.dataTypeID] }));
  for (const row of result.rows as unknown[]) {
    for (const { name, index, dataTypeID, parser } of columns) {
      if (!parser) continue;
      const key = Array.isArray(row) ? index : name;
      const cells = row as Record<string | number, unknown>;
      // An object row keeps the last of two same-named columns, as PGlite does: parse that one only.
      if (!Array.isArray(row) && columns.findLast((c) => c.name === name) !== columns[index]) continue;
      // PGlite hands each parser the type too.
      if (cells[key] != null) cells[key] = (parser as (text: string, typeId: number) => unknown)(cells[key] as string, dataTypeID);
    }
  }
  return result;
}

/**
 * Starts PGlite on `dataDir` in a worker thread and resolves once it is open.
 * @example const client = await openPgliteWorker({ dataDir: './data', extensions: { pg_trgm: '@electric-sql/pglite/contrib/pg_trgm' } });
 */
export async function openPgliteWorker(data: PgliteWorkerData): Promise<PgliteClient> {
  const worker = new Worker(entryUrl(), { workerData: data, name: 'pglite' });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<number, (payload: string) => void>();
  let stopped: Error | undefined;
  let nextId = 1;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: WireReply) => {
      if ('ready' in message) return message.ready ? resolve() : reject(fromWire(message.error));
      if ('notify' in message) return listeners.get(message.notify)?.(message.payload);
      const call = pending.get(message.id);
      pending.delete(message.id);
      // Like PGlite on this thread, an idle client does not keep the process alive.
      if (pending.size === 0) worker.unref();
      if (message.ok) call?.resolve(message.value);
      else call?.reject(fromWire(message.error));
    });
    const stop = (error: Error) => {
      stopped ??= error;
      reject(stopped);
      for (const call of pending.values()) call.reject(stopped);
      pending.clear();
    };
    worker.on('error', (error) => stop(new Error(`PGlite's worker thread failed: ${error.message}`, { cause: error })));
    worker.on('exit', (code) => stop(new Error(`PGlite's worker thread stopped (exit code ${code})`)));
  });

  function call(request: Call): Promise<unknown> {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  }

  async function query<T>(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx?: number): Promise<Results<T>> {
    const { wire, parsers } = toWire(options);
    return parse((await call({ op: 'query', sql, params, options: wire, tx })) as Results<T>, parsers);
  }

  async function exec(sql: string, options: QueryOptions | undefined, tx?: number): Promise<Array<Results>> {
    const { wire, parsers } = toWire(options);
    return ((await call({ op: 'exec', sql, options: wire, tx })) as Array<Results>).map((result) => parse(result, parsers));
  }

  await ready;
  worker.unref();
  let closed: Promise<void> | undefined;
  return {
    query: (sql, params, options) => query(sql, params, options),
    exec: (sql, options) => exec(sql, options),
    async transaction(callback) {
      const id = nextId++;
      await call({ op: 'begin', tx: id });
      let open = true;
      const check = () => {
        if (!open) throw new Error('Transaction is closed');
      };
      const tx: PgliteTransaction = {
        query: async (sql, params, options) => (check(), query(sql, params, options, id)),
        exec: async (sql, options) => (check(), exec(sql, options, id)),
        async rollback() {
          check();
          await call({ op: 'rollback', tx: id });
          open = false;
        },
        get closed() {
          return !open;
        },
      };
      let result;
      try {
        result = await callback(tx);
      } catch (error) {
        open = false;
        await call({ op: 'end', tx: id, commit: false });
        throw error;
      }
      open = false;
      await call({ op: 'end', tx: id, commit: true });
      return result;
    },
    async listen(channel, callback) {
      const listener = nextId++;
      listeners.set(listener, callback);
      await call({ op: 'listen', channel, listener });
      return async () => {
        listeners.delete(listener);
        await call({ op: 'unlisten', listener });
      };
    },
    dumpDataDir: async (compression) => (await call({ op: 'dump', compression })) as Blob,
    close: () =>
      (closed ??= (async () => {
        if (!stopped) await call({ op: 'close' });
        await worker.terminate();
      })()),
  };
}
