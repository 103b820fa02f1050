/** Images (spec 3): a stored path and a URL for each of the six sizes. */
import * as v from 'valibot';

export const ImageSizesSchema = /* @__PURE__ */ v.object({
  large: v.string(),
  cover: v.string(),
  thumbnail: v.string(),
  listing: v.string(),
  portrait: v.string(),
  social: v.string(),
});

export const ImageSchema = /* @__PURE__ */ v.object({
  path: v.string(),
  sizes: ImageSizesSchema,
});
export type Image = v.InferOutput<typeof ImageSchema>;
