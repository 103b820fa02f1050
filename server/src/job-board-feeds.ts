/**
 * Issue #15, "Feeds for job boards": /feeds/indeed.xml and /feeds/linkedin.xml, every job that takes
 * applications (the jobIsPublic rule) at its canonical URL on PUBLIC_URL, in the formats Indeed and
 * LinkedIn crawl (feeds/src/indeed.ts, linkedin.ts).
 *
 * A feed of every open job can be large (300,000 jobs with their descriptions is hundreds of MB),
 * so it is never built in memory: the document is streamed as it is written, from keyset pages of
 * the jobs read one after another. Its ETag comes first, from one aggregate query (how many open jobs,
 * their ids, the newest change of a job or its startup): a crawler's If-None-Match is answered 304
 * without reading a job, and shared caches keep the answer for minutes (publicRead). The ETag is weak:
 * the pages are read one after another, so a job changing meanwhile may show in the body and not in the tag.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { indeedFeedChunks, linkedinFeedChunks, type AggregatorJob } from '@nordlys/feeds';
import { ROUTES } from '@nordlys/sdk/routes';
import { siteOrigin } from './accounts/origin';
import { now } from './clock';
import { defaultTeamEmail, type Config } from './config';
import type { Db } from './db/client';
import { publicRead } from './http/cache';
import type { AppEnv } from './http/viewer';
import { getJobs } from './queries/jobs';
import { openJobIds, openJobsVersion } from './queries/sitemaps';

type Format = 'indeed' | 'linkedin';

/** Change it when the documents' form changes, so caches and crawlers fetch the new form. */
const FORMAT_VERSION = 1;

export interface JobBoardFeedsOptions {
  /** Jobs read per query while streaming (tests use a small one to cross page boundaries). */
  batchSize?: number;
}

/**
 * The open jobs as sdk Jobs (the sanitized description included), in id order, a page at a time:
 * keyset pages of ids, then each page's records.
 */
export async function* openJobBatches(db: Db, at: Date, batchSize: number): AsyncGenerator<AggregatorJob[]> {
  let after = 0;
  for (;;) {
    const page = await openJobIds(db, after, batchSize, at);
    if (!page.length) return;
    const linkedinIds = new Map(page.map((row) => [row.id, row.linkedinId]));
    const records = await getJobs(
      db,
      page.map((row) => row.id),
      at,
    );
    yield records.map((job) => ({ ...job, company: { ...job.company, linkedinId: linkedinIds.get(job.id) ?? null } }));
    if (page.length < batchSize) return;
    after = page.at(-1)!.id;
  }
}

/** A stream of the chunks, pulled only as the client reads (nothing is read for a 304 or a HEAD). */
function streamOf(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

export function jobBoardFeedsRouter(db: Db, config: Pick<Config, 'productName' | 'publicUrl'> & Partial<Pick<Config, 'teamEmail'>>, { batchSize = 500 }: JobBoardFeedsOptions = {}) {
  const feed = (format: Format) => async (c: Context<AppEnv>) => {
    const at = now();
    const version = await openJobsVersion(db, at);
    const tag = createHash('sha1').update(JSON.stringify([format, FORMAT_VERSION, version.count, version.idSum, version.changed?.toISOString() ?? null])).digest('base64url');
    // publicRead answers a matching If-None-Match with 304 from this ETag, without reading the body.
    c.header('ETag', `W/"${tag}"`);
    // Links come from PUBLIC_URL, never from the Host a request came with.
    const options = { publisher: config.productName, origin: siteOrigin(config), updated: version.changed ?? undefined };
    const batches = openJobBatches(db, at, batchSize);
    const chunks =
      format === 'indeed'
        ? indeedFeedChunks(batches, options)
        : linkedinFeedChunks(batches, {
            ...options,
            expectedJobCount: version.count,
            // A member's address is private: the board's own team address is the poster's contact.
            posterEmail: config.teamEmail ?? defaultTeamEmail(config.publicUrl),
          });
    return c.body(streamOf(chunks), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  };
  // Aggregators crawl a few times a day: browsers may keep a feed 5 minutes, shared caches 15.
  const cached = publicRead({ maxAge: 300, sMaxAge: 900, swr: 3600 });
  // Mounted at the site's root: the paths are the registry's own.
  return new Hono<AppEnv>().get(ROUTES.feedIndeed.path, cached, feed('indeed')).get(ROUTES.feedLinkedin.path, cached, feed('linkedin'));
}
