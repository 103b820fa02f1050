/** The admins' approval queue (GET /admin/reviews): startups and investors submitted for review, oldest first. */
import * as v from 'valibot';
import { ImageSchema } from './image';
import { AdminJobItemSchema } from './job-input';

export const ReviewItemSchema = /* @__PURE__ */ v.object({
  kind: v.picklist(['company', 'investor']),
  id: v.number(),
  key: v.string(),
  name: v.string(),
  website: v.nullable(v.string()),
  logoImage: v.nullable(ImageSchema),
  submittedAt: v.string(),
  /** Members' names and e-mails, so the admin knows who asks. */
  members: v.array(v.object({ name: v.string(), email: v.string() })),
});
export type ReviewItem = v.InferOutput<typeof ReviewItemSchema>;

/** Profiles waiting (items) and jobs waiting for approval (jobs, issue #12). */
export const ReviewQueueSchema = /* @__PURE__ */ v.object({ items: v.array(ReviewItemSchema), jobs: v.array(AdminJobItemSchema) });
export type ReviewQueue = v.InferOutput<typeof ReviewQueueSchema>;
