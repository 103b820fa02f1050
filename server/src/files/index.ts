/**
 * Stored files that are not images (issue #13: CVs). A CV is one PDF of at most CV_UPLOAD_LIMITS.maxBytes,
 * judged by its bytes, stored as sent (a PDF is not re-encoded), at a new unguessable path, and served
 * only through routes that check who may read it (serve.ts).
 */
import { randomBytes } from 'node:crypto';
import { CV_UPLOAD_LIMITS } from '@nordlys/sdk/constants';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { FileStore, StoredFileFacts } from './store';

export { databaseFileStore, sha256Hex } from './database-store';
export type { FileStore, NewStoredFile, StoredFileContent, StoredFileFacts } from './store';

const MEGABYTE = 1024 * 1024;
export const CV_KIND = 'cv';
export const PDF_CONTENT_TYPE = 'application/pdf';
export const CV_TOO_LARGE_MESSAGE = `The file is too large: a CV can be at most ${CV_UPLOAD_LIMITS.maxBytes / MEGABYTE} MB. Please upload a smaller PDF.`;
export const CV_NOT_PDF_MESSAGE = 'This file is not a PDF. Please upload your CV as a PDF document.';

/** A new CV path: 'cv/' and 144 random bits (sdk CvPathSchema), naming no user and no upload name. */
export function newCvPath(): string {
  return `cv/${randomBytes(18).toString('base64url')}.pdf`;
}

/** A PDF starts with '%PDF-' (ISO 32000-1, 7.5.2); the name and the Content-Type sent prove nothing. */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/**
 * The uploaded name as a download may carry it: no folders, no control characters, quotes or
 * backslashes, at most 120 characters, ending in '.pdf'.
 * @example cleanFileName('C:\\Users\\sofie\\"My CV"\n.PDF') // 'My CV.PDF'
 */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}"\\]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const stem = cleaned.replace(/\.pdf$/i, '').trim();
  const extension = /\.pdf$/i.test(cleaned) ? cleaned.slice(-4) : '.pdf';
  return stem ? `${[...stem].slice(0, 116).join('').trim()}${extension}` : 'cv.pdf';
}

/**
 * Checks an uploaded CV (413 over the size limit, 415 when it is not a PDF) and stores it as the user's.
 * @returns the stored file's facts.
 */
export async function saveCv(db: Db, store: FileStore, bytes: Buffer, input: { ownerUserId: number; fileName: string | undefined }): Promise<StoredFileFacts> {
  if (bytes.byteLength > CV_UPLOAD_LIMITS.maxBytes) throw new AppError('E_TOO_LARGE', CV_TOO_LARGE_MESSAGE);
  if (!isPdf(bytes)) throw new AppError('E_UNSUPPORTED_MEDIA', CV_NOT_PDF_MESSAGE);
  return store.put(db, {
    path: newCvPath(),
    kind: CV_KIND,
    ownerUserId: input.ownerUserId,
    fileName: cleanFileName(input.fileName),
    contentType: PDF_CONTENT_TYPE,
    bytes,
  });
}
