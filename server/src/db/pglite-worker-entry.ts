/**
 * The worker thread that owns PGlite (started by db/pglite-worker.ts): it opens the data folder and answers
 * the main thread's calls, one message each. PGlite's own locks order them, as they do on one thread: a
 * query waits for the open transaction, and a transaction's statements run inside it.
 *
 * Node loads this file as it is (type stripping from source, plain JavaScript from server/dist): it imports
 * only packages, and types from the client side.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import type { PgliteWorkerData, WireError, WireOptions, WireReply, WireRequest } from './pglite-worker';

const port = parentPort!;
const { dataDir, snapshot, extensions: specifiers } = workerData as PgliteWorkerData;

/** Open transactions by the id the main thread gave them: the statements to run inside, and how to end it. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => Promise<void> }>();
/** Listeners by id, for unlisten. */
const listeners = new Map<number, () => Promise<void>>();
/** A rollback the main thread asked for (its callback threw): not an error to report back. */
const ROLLBACK = Symbol('rollback');

const reply = (message: WireReply) => port.postMessage(message);

/** Whatever the error carries that the main thread checks (code, detail, constraint…), minus what cannot be cloned. */
function toWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'function' || (key === 'queryOptions' && value)) continue;
    try {
      fields[key] = structuredClone(value);
    } catch {
      // Not clonable (a callback in the options): the main thread never reads it.
    }
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** The caller's parsers run on the main thread: here their types come back as PostgreSQL's text. */
function queryOptions(options: WireOptions | undefined): QueryOptions | undefined {
  if (!options) return undefined;
  const { textTypes, ...rest } = options;
  return textTypes ? { ...rest, parsers: Object.fromEntries(textTypes.map((oid) => [oid, (text: string) => text])) } : rest;
}

async function run(request: WireRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
    case 'exec': {
      const target = request.tx === undefined ? pglite : transactions.get(request.tx)?.tx;
      if (!target) throw new Error('Transaction is closed');
      return request.op === 'query' ? await target.query(request.sql, request.params, queryOptions(request.options)) : await target.exec(request.sql, queryOptions(request.options));
    }
    case 'begin':
      // Answered once the transaction holds PGlite's lock; it then stays open until 'end' says commit or roll back.
      await new Promise<void>((began, failed) => {
        const outcome: Promise<void> = pglite.transaction(
          (tx) =>
            new Promise<void>((commit, rollback) => {
              const settled = outcome.catch((error: unknown) => {
                if (error !== ROLLBACK) throw error;
              });
              transactions.set(request.tx, { tx, end: (ok) => (ok ? commit() : rollback(ROLLBACK), settled) });
              began();
            }),
        );
        outcome.catch(failed);
      });
      return undefined;
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('Transaction is closed');
      transactions.delete(request.tx);
      return await open.end(request.commit);
    }
    case 'rollback': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('Transaction is closed');
      return await open.tx.rollback();
    }
    case 'listen': {
      const unlisten = await pglite.listen(request.channel, (payload) => reply({ notify: request.listener, payload }));
      listeners.set(request.listener, unlisten);
      return undefined;
    }
    case 'unlisten': {
      const unlisten = listeners.get(request.listener);
      listeners.delete(request.listener);
      return await unlisten?.();
    }
    case 'dump':
      return await pglite.dumpDataDir(request.compression);
    case 'close':
      return await pglite.close();
  }
}

const extensions = Object.fromEntries(
  await Promise.all(Object.entries(specifiers).map(async ([name, specifier]) => [name, (await import(specifier))[name]] as const)),
);
let pglite: PGlite;
try {
  pglite = await PGlite.create(dataDir, { extensions, loadDataDir: snapshot });
  reply({ ready: true });
} catch (error) {
  reply({ ready: false, error: toWire(error) });
  throw error;
}

port.on('message', (request: WireRequest) => {
  run(request).then(
    (value) => reply({ id: request.id, ok: true, value }),
    (error: unknown) => reply({ id: request.id, ok: false, error: toWire(error) }),
  );
});
