/** Feeds for aggregators and partners (spec 2.1 "Feeds"): the featured jobs as JSON Feed or RSS. */
import { Hono, type Handler } from 'hono';
import { jobsJsonFeed, jobsRss } from '@nordlys/feeds';
import { paths } from '@nordlys/sdk/routes';
import { siteOrigin } from './accounts/origin';
import type { Config } from './config';
import type { Db } from './db/client';
import { publicRead } from './http/cache';
import type { AppEnv } from './http/viewer';
import { featuredJobs } from './queries/jobs';
import { searchFeedsRouter } from './search-feeds';

/** RSS when the path ends in .rss, `format=rss` is asked, or the client prefers RSS; JSON Feed otherwise. */
function wantsRss(path: string, format: string | undefined, accept: string | undefined): boolean {
  if (path.endsWith('.rss') || format === 'rss') return true;
  if (path.endsWith('.json') || format === 'json') return false;
  return /application\/(rss|atom)\+xml/.test(accept ?? '') && !/application\/(feed\+)?json/.test(accept ?? '');
}

export function externalRouter(db: Db, config: Pick<Config, 'productName' | 'publicUrl'>) {
  const featured: Handler<AppEnv> = async (c) => {
    const url = new URL(c.req.url);
    // Links in a feed come from PUBLIC_URL, never from the Host a request came with.
    const origin = siteOrigin(config);
    // spec 9: featured jobs are shown in reversed order, the most recently boosted first.
    const jobs = (await featuredJobs(db)).reverse();
    const title = `${config.productName}: featured startup jobs`;
    const homePageUrl = origin + paths.jobs();
    if (wantsRss(url.pathname, c.req.query('format'), c.req.header('accept'))) {
      const rss = jobsRss(jobs, {
        title,
        link: homePageUrl,
        description: `Featured jobs at Nordic startups on ${config.productName}.`,
        selfUrl: origin + paths.featuredJobs('rss'),
        origin,
        updated: new Date(),
      });
      return c.body(rss, 200, { 'Content-Type': 'application/rss+xml; charset=utf-8', Vary: 'Accept' });
    }
    const feed = jobsJsonFeed(jobs, { title, homePageUrl, feedUrl: origin + paths.featuredJobs('json'), origin });
    return c.body(JSON.stringify(feed), 200, { 'Content-Type': 'application/feed+json; charset=utf-8', Vary: 'Accept' });
  };
  // Mounted at the site's root: the paths are the registry's own.
  return new Hono<AppEnv>()
    .get(paths.featuredJobs(), publicRead(), featured)
    .get(paths.featuredJobs('json'), publicRead(), featured)
    .get(paths.featuredJobs('rss'), publicRead(), featured)
    // Issue #14: the job search's own feeds, for any filters.
    .route('/', searchFeedsRouter(db, config));
}
