/** POST /upload/{type} and /upload/image (spec 7): multipart with the field file_upload. */
import * as v from 'valibot';
import { ImageSchema } from './image';

export { UPLOAD_FIELD } from './upload-field';
/**
 * POST /upload/{type}. The image types (issue #11) say what an image is for; each is stored in the
 * six sizes of spec 3. 'image' is spec 7's generic image upload; 'document' and 'cv' are files.
 */
export const IMAGE_UPLOAD_TYPES = ['image', 'logo', 'cover', 'gallery', 'portrait', 'team', 'social'] as const;
export type ImageUploadType = (typeof IMAGE_UPLOAD_TYPES)[number];
export const UPLOAD_TYPES = [...IMAGE_UPLOAD_TYPES, 'document', 'cv'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/**
 * Whose profile an upload is for, sent as the query `?company={key}` or `?investor={key}`: the server
 * lets only that profile's members (and admins) upload for it.
 */
export interface UploadOwner {
  kind: 'company' | 'investor';
  key: string;
}

export const UploadAnswerSchema = /* @__PURE__ */ v.object({
  path: v.string(),
  /** For images: the six sizes. */
  image: v.optional(ImageSchema),
  name: v.optional(v.string()),
  size: v.optional(v.number()),
});
export type UploadAnswer = v.InferOutput<typeof UploadAnswerSchema>;
