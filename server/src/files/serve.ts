/**
 * The answer of a route that serves a stored file (issue #13: GET /api/applicant/cv and
 * GET /api/applications/{id}/cv). The route decides who may read it; this decides how: inline (the
 * board shows the CV in a frame), never cached by anyone but the reader, never sniffed into another
 * type, sandboxed (a PDF opened on its own runs nothing of ours), and framed by the site only.
 */
import type { StoredFileContent } from './store';

export const FILE_CACHE_CONTROL = 'private, no-store';
export const FILE_POLICY = "sandbox; frame-ancestors 'self'";

/** RFC 8187 encoding of a header parameter's value (for filename*). */
const encodeParameter = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `inline; filename="…"` with an ASCII stand-in, plus `filename*` with the real name when it is not
 * plain ASCII (RFC 6266), so "Sofie Kjær CV.pdf" downloads under its own name.
 */
export function inlineDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return ascii === fileName ? `inline; filename="${ascii}"` : `inline; filename="${ascii}"; filename*=UTF-8''${encodeParameter(fileName)}`;
}

/** The Response of a stored file. */
export function storedFileResponse(file: StoredFileContent): Response {
  return new Response(new Uint8Array(file.bytes), {
    status: 200,
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.byteLength),
      'Content-Disposition': inlineDisposition(file.fileName),
      'Cache-Control': FILE_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': FILE_POLICY,
      ETag: `"${file.etag}"`,
    },
  });
}
