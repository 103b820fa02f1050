/** POST /upload/{type} and /upload/image (spec 7): multipart with the field file_upload. */
import * as v from 'valibot';
import { ImageSchema } from './image';

export const UPLOAD_FIELD = 'file_upload';
export const UPLOAD_TYPES = ['image', 'document', 'cv'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export const UploadAnswerSchema = /* @__PURE__ */ v.object({
  path: v.string(),
  /** For images: the six sizes. */
  image: v.optional(ImageSchema),
  name: v.optional(v.string()),
  size: v.optional(v.number()),
});
export type UploadAnswer = v.InferOutput<typeof UploadAnswerSchema>;
