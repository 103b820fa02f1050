/** Tools, partners and deals (spec 3), and the answers of GET /tools and GET pages/partners. */
import * as v from 'valibot';
import { ImageSchema } from './image';

export const ToolSchema = v.object({
  id: v.number(),
  key: v.string(),
  name: v.string(),
  website: v.string(),
  logoImage: v.nullable(ImageSchema),
  category: v.string(),
  description: v.string(),
});
export type Tool = v.InferOutput<typeof ToolSchema>;

export const ToolsAnswerSchema = v.object({ tools: v.array(ToolSchema) });
export type ToolsAnswer = v.InferOutput<typeof ToolsAnswerSchema>;

export const PartnerSchema = v.object({
  id: v.number(),
  key: v.string(),
  name: v.string(),
  website: v.string(),
  logoImage: v.nullable(ImageSchema),
  category: v.string(),
  description: v.string(),
});
export type Partner = v.InferOutput<typeof PartnerSchema>;

export const PartnersPageSchema = v.object({
  page: v.object({
    partners: v.array(PartnerSchema),
    content: v.object({ title: v.string(), intro: v.string() }),
  }),
});
export type PartnersPage = v.InferOutput<typeof PartnersPageSchema>;

export const DealSchema = v.object({
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
