/**
 * Stored images (issue #11): the pipeline turns an upload into the six sizes, the store keeps their
 * bytes, and a row in `images` records what the image is for and whose it is.
 */
import { randomBytes } from 'node:crypto';
import type { ImageUploadType } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { images } from '../db/schema';
import { processImage, type ProcessedImage } from './pipeline';
import type { ImageStore } from './store';

export { databaseImageStore, etagOf } from './database-store';
export { inspectImage, processImage, OUTPUT_CONTENT_TYPE, type ProcessedImage } from './pipeline';
export type { ImageFileAnswer, ImageStore, StoredImageFile } from './store';

/** A new image path: the year and 128 random bits, so it is stable, unguessable and names no user file. */
export function newImagePath(now = new Date()): string {
  return `${now.getUTCFullYear()}/${randomBytes(16).toString('hex')}`;
}

export interface ImageOwner {
  kind: 'company' | 'investor';
  id: number;
}

export interface SaveImageInput {
  type: ImageUploadType;
  uploadedBy: number | null;
  owner: ImageOwner | null;
  /** A fixed path (the demo seed); a new random one otherwise. */
  path?: string;
}

/**
 * Stores an already processed image: its sizes in the store, then its row in `images`.
 * @returns the stored path and the row's id.
 */
export async function storeImage(db: Db, store: ImageStore, processed: ProcessedImage, input: SaveImageInput): Promise<{ id: number; path: string }> {
  const path = input.path ?? newImagePath();
  await store.putAll(path, processed);
  try {
    const [row] = await db
      .insert(images)
      .values({
        path,
        width: processed.large.width,
        height: processed.large.height,
        mimeType: processed.large.contentType,
        kind: input.type,
        uploadedBy: input.uploadedBy,
        ownerKind: input.owner?.kind ?? null,
        ownerId: input.owner?.id ?? null,
      })
      .returning({ id: images.id });
    return { id: row!.id, path };
  } catch (error) {
    // No bytes without their row.
    await store.delete(path).catch(() => undefined);
    throw error;
  }
}

/**
 * Decodes, checks and re-encodes an upload, then stores it. Refused files (413, 415) store nothing.
 * @example const { path } = await saveImage(db, store, bytes, { type: 'logo', uploadedBy: user.id, owner: { kind: 'company', id } });
 */
export async function saveImage(db: Db, store: ImageStore, bytes: Buffer, input: SaveImageInput): Promise<{ id: number; path: string }> {
  const processed = await processImage(bytes, input.type);
  return storeImage(db, store, processed, input);
}
