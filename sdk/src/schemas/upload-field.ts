/** The multipart field of an upload (spec 7), apart from the upload schemas so the client imports it without valibot. */
export const UPLOAD_FIELD = 'file_upload';
