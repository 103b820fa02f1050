/** The default file store: each file's bytes in its `stored_files` row (bytea), beside its facts. */
import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { storedFiles } from '../db/schema';
import type { FileStore } from './store';

/** The strong validator of some bytes: their SHA-256, hex. */
export const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const facts = {
  path: storedFiles.path,
  kind: storedFiles.kind,
  ownerUserId: storedFiles.ownerUserId,
  fileName: storedFiles.fileName,
  contentType: storedFiles.contentType,
  sizeBytes: storedFiles.sizeBytes,
  etag: storedFiles.etag,
  createdAt: storedFiles.createdAt,
};

/** @example const store = databaseFileStore(); const cv = await store.get(db, 'cv/3f2a…pdf'); */
export function databaseFileStore(): FileStore {
  return {
    async put(db, file) {
      const [row] = await db
        .insert(storedFiles)
        .values({ ...file, sizeBytes: file.bytes.byteLength, etag: sha256Hex(file.bytes) })
        .returning(facts);
      return row!;
    },
    async get(db, path) {
      const [row] = await db
        .select({ ...facts, bytes: storedFiles.bytes })
        .from(storedFiles)
        .where(eq(storedFiles.path, path))
        .limit(1);
      return row ?? null;
    },
    async delete(db, paths) {
      if (!paths.length) return 0;
      const gone = await db.delete(storedFiles).where(inArray(storedFiles.path, [...paths])).returning({ path: storedFiles.path });
      return gone.length;
    },
  };
}
