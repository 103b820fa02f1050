/**
 * Issue #32, "Outputs that aggregators flag": every feed of the seeded demo, read as its consumers
 * read it. Indeed's and LinkedIn's documents pass their field lists on every job (the checker in
 * feeds/src/testing/aggregator-rules.ts, on fast-xml-parser); the search's RSS, Atom and JSON Feed
 * parse with real feed readers (rss-parser, @extractus/feed-extractor), date each item at the job's
 * posted date and list the newest posted first; no public feed carries a job's view count.
 */
import { extractFromJson, extractFromXml } from '@extractus/feed-extractor';
import Parser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import { errorsByField, indeedErrors, linkedinErrors } from '@nordlys/feeds/testing/aggregator-rules';
import { postedAt } from '@nordlys/sdk/dates';
import { paths, ROUTES } from '@nordlys/sdk/routes';
import type { JsonFeed } from '@nordlys/feeds';
import { useTestApp } from './testing/app';
import { backends } from './testing/database';

/** A date to the second: RSS dates (RFC 822) have no milliseconds. */
const seconds = (iso: string | undefined) => Math.floor(Date.parse(iso ?? '') / 1000);

/** The items' dates that differ from their job's posted date, and the items dated after the one before them. */
function dateFaults(items: readonly { url: string; date: string | undefined }[], posted: ReadonlyMap<string, string>) {
  const misdated = items.filter((item) => !item.date || seconds(item.date) !== seconds(posted.get(item.url)));
  const outOfOrder = items.filter((item, i) => i > 0 && seconds(item.date) > seconds(items[i - 1]!.date));
  return { misdated: misdated.length, outOfOrder: outOfOrder.length };
}

describe.each(backends)("the demo's feeds, read by their consumers, on %s", (backend) => {
  // A production-like PUBLIC_URL: LinkedIn takes no poster address at localhost.
  const t = useTestApp(backend, { config: { publicUrl: 'https://nordlys.example', teamEmail: 'team@nordlys.example' } });

  const body = async (path: string) => {
    const res = await t.request(path);
    expect(res.status, path).toBe(200);
    return res.text();
  };

  it("gives Indeed every field its list requires, on every job of the feed: 0 errors", async () => {
    const xml = await body(ROUTES.feedIndeed.path);
    expect(xml.match(/<job>/g)?.length).toBeGreaterThan(1000);
    const errors = indeedErrors(xml);
    expect(errorsByField(errors), JSON.stringify(errors.slice(0, 5))).toEqual({});
    // Remote jobs are listed as such, with a city Indeed can show.
    expect(xml).toMatch(/<city><!\[CDATA\[Remote\]\]><\/city>/);
    expect(xml).toContain('<remotetype><![CDATA[Fully remote]]></remotetype>');
  });

  it("gives LinkedIn every field its list requires, on every job of the feed: 0 errors", async () => {
    const xml = await body(ROUTES.feedLinkedin.path);
    expect(xml.match(/<job>/g)?.length).toBeGreaterThan(1000);
    const errors = linkedinErrors(xml);
    expect(errorsByField(errors), JSON.stringify(errors.slice(0, 5))).toEqual({});
    // Salaries are there, each with its period.
    expect(xml).toMatch(/<period>(YEARLY|MONTHLY|HOURLY)<\/period>/);
  });

  it('serves JSON Feed 1.1, RSS and Atom that feed readers parse, each item at its posted date, newest first', async () => {
    const json = JSON.parse(await body(paths.jobsFeed('json'))) as JsonFeed;
    expect(json.version).toBe('https://jsonfeed.org/version/1.1');
    // The job each item is about, as the feed publishes it: its posted date is sdk postedAt's.
    const posted = new Map(json.items.map((item) => [item.url, postedAt(item._nordlys)]));
    expect(posted.size).toBeGreaterThan(20);

    const fromJson = extractFromJson({ ...json }, { useISODateFormat: true });
    const rss = await new Parser().parseString(await body(paths.jobsFeed('rss')));
    const atomXml = await body(paths.jobsFeed('atom'));
    const atom = await new Parser().parseString(atomXml);
    const atomEntries = extractFromXml(atomXml).entries ?? [];
    const readings = {
      json: (fromJson.entries ?? []).map((entry) => ({ url: entry.link ?? '', date: entry.published })),
      rss: rss.items.map((item) => ({ url: item.link ?? '', date: item.isoDate })),
      atom: atom.items.map((item) => ({ url: item.link ?? '', date: item.isoDate })),
      atomExtractus: atomEntries.map((entry) => ({ url: entry.link ?? '', date: entry.published })),
    };
    for (const [format, items] of Object.entries(readings)) {
      expect(items.map((item) => item.url), format).toEqual([...posted.keys()]);
      expect(dateFaults(items, posted), format).toEqual({ misdated: 0, outOfOrder: 0 });
    }
    expect(rss.title).toBe(json.title);
    expect(atom.title).toBe(json.title);
  });

  it('publishes no view count in the featured feed nor the search feed', async () => {
    for (const path of [paths.featuredJobs('json'), paths.jobsFeed('json')]) {
      const json = JSON.parse(await body(path)) as { items: { _nordlys: Record<string, unknown> }[] };
      expect(json.items.length, path).toBeGreaterThan(0);
      expect(json.items.filter((item) => 'views' in item._nordlys).length, path).toBe(0);
      // A real reader takes it as a JSON Feed.
      expect(extractFromJson(json).entries?.length, path).toBe(json.items.length);
    }
  });
});
