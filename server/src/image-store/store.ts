/**
 * Where the bytes of stored images live (issue #11): a small interface, so an S3-compatible store
 * can take the database's place. The database store (database-store.ts) is the default, so every
 * server instance serves the same files.
 */
import type { ImageSize } from '@nordlys/sdk/constants';

/** One encoded size of an image. */
export interface StoredImageFile {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

/** What serving needs: the bytes, their type and a strong validator. */
export interface ImageFileAnswer {
  bytes: Buffer;
  contentType: string;
  /** A strong ETag, quoted (e.g. '"3f2a…"'). */
  etag: string;
}

export interface ImageStore {
  /** Stores one size of the image at `path`, replacing what was there. */
  put(path: string, size: ImageSize, file: StoredImageFile): Promise<void>;
  /** Stores every size at once (one round trip where the store can). */
  putAll(path: string, files: Record<ImageSize, StoredImageFile>): Promise<void>;
  /** One size of the image, or null when there is none. */
  get(path: string, size: ImageSize): Promise<ImageFileAnswer | null>;
  /** Removes every size of the image at `path`. */
  delete(path: string): Promise<void>;
}
