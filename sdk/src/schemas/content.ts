/** Tools, partners and deals (spec 3), and the answers of GET /tools and GET pages/partners. */
import * as v from 'valibot';
import { ImageSchema } from './image';

/** Tools and partners are both directory entries: a named website with a logo in a category. */
const DirectoryEntrySchema = v.object({
  id: v.number(),
  key: v.string(),
  name: v.string(),
  website: v.string(),
  logoImage: v.nullable(ImageSchema),
  category: v.string(),
  description: v.string(),
});

export const ToolSchema = DirectoryEntrySchema;
export type Tool = v.InferOutput<typeof ToolSchema>;

export const ToolsAnswerSchema = /* @__PURE__ */ v.object({ tools: v.array(ToolSchema) });
export type ToolsAnswer = v.InferOutput<typeof ToolsAnswerSchema>;

export const PartnerSchema = DirectoryEntrySchema;
export type Partner = v.InferOutput<typeof PartnerSchema>;

export const PartnersPageSchema = /* @__PURE__ */ v.object({
  page: v.object({
    partners: v.array(PartnerSchema),
    content: v.object({ title: v.string(), intro: v.string() }),
  }),
});
export type PartnersPage = v.InferOutput<typeof PartnersPageSchema>;

export const DealSchema = /* @__PURE__ */ v.object({
  id: v.number(),
  key: v.string(),
  title: v.string(),
  type: v.picklist(['EXTENDED', 'DOWNLOAD']),
  image: v.nullable(ImageSchema),
  partnerLogo: v.nullable(ImageSchema),
  documentFile: v.nullable(v.string()),
  description: v.string(),
});
export type Deal = v.InferOutput<typeof DealSchema>;
