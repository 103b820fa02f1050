/**
 * Where the bytes of stored files (CVs, issue #13) live: a small interface, like the image store
 * (image-store/store.ts), so an S3-compatible store can take the database's place. The database store
 * (database-store.ts) is the default, so every server instance serves the same files.
 *
 * A file's row in `stored_files` is what the rest of the schema references (profiles and applications
 * point at its path), so each call takes the database (or the request's transaction) first.
 */
import type { Db } from '../db/client';

/** What a new file is, before it is stored. */
export interface NewStoredFile {
  /** A new, unguessable path ('cv/{random}.pdf'). */
  path: string;
  /** What it is for ('cv'). */
  kind: string;
  /** Who uploaded it; null for the site's own files (a deal's document, issue #15). */
  ownerUserId: number | null;
  /** The uploaded name, cleaned (cleanFileName). */
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** A stored file's facts (no bytes). */
export interface StoredFileFacts {
  path: string;
  kind: string;
  ownerUserId: number | null;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  /** Hex SHA-256 of the bytes. */
  etag: string;
  createdAt: Date;
}

/** A stored file with its bytes, for serving. */
export interface StoredFileContent extends StoredFileFacts {
  bytes: Buffer;
}

export interface FileStore {
  /** Stores a new file at its path and answers its facts. */
  put(db: Db, file: NewStoredFile): Promise<StoredFileFacts>;
  /** The file at `path` with its bytes, or null when there is none. */
  get(db: Db, path: string): Promise<StoredFileContent | null>;
  /** Removes the files at `paths` (their rows and bytes) and answers how many were removed. */
  delete(db: Db, paths: readonly string[]): Promise<number>;
}
