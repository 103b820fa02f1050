/** The default image store: each size's bytes in the table image_files (bytea), keyed by path and size. */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ImageSize } from '@nordlys/sdk/constants';
import type { Db } from '../db/client';
import { imageFiles } from '../db/schema';
import type { ImageStore, StoredImageFile } from './store';

/** The strong validator of some bytes: their SHA-256, hex (sent quoted as the ETag). */
export const etagOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const rowOf = (path: string, size: ImageSize, file: StoredImageFile) => ({
  path,
  size,
  contentType: file.contentType,
  width: file.width,
  height: file.height,
  etag: etagOf(file.bytes),
  bytes: file.bytes,
});

/** @example const store = databaseImageStore(db); await store.get('2026/3f2a…', 'thumbnail'); */
export function databaseImageStore(db: Db): ImageStore {
  const upsert = (rows: ReturnType<typeof rowOf>[]) =>
    db
      .insert(imageFiles)
      .values(rows)
      .onConflictDoUpdate({
        target: [imageFiles.path, imageFiles.size],
        set: {
          contentType: sql`excluded.content_type`,
          width: sql`excluded.width`,
          height: sql`excluded.height`,
          etag: sql`excluded.etag`,
          bytes: sql`excluded.bytes`,
        },
      });
  return {
    async put(path, size, file) {
      await upsert([rowOf(path, size, file)]);
    },
    async putAll(path, files) {
      await db.delete(imageFiles).where(eq(imageFiles.path, path));
      await db.insert(imageFiles).values((Object.entries(files) as [ImageSize, StoredImageFile][]).map(([size, file]) => rowOf(path, size, file)));
    },
    async get(path, size) {
      const [row] = await db
        .select({ bytes: imageFiles.bytes, contentType: imageFiles.contentType, etag: imageFiles.etag })
        .from(imageFiles)
        .where(and(eq(imageFiles.path, path), eq(imageFiles.size, size)))
        .limit(1);
      return row ? { bytes: row.bytes, contentType: row.contentType, etag: `"${row.etag}"` } : null;
    },
    async delete(path) {
      await db.delete(imageFiles).where(eq(imageFiles.path, path));
    },
  };
}
