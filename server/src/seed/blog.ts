/**
 * The demo blog (issue #15): the site's own posts by the admin, posts by demo startups, one draft, and
 * one post of the draft startup, which stays hidden until the startup is approved. Covers come from
 * the demo palette (seed/images.ts); bodies are HTML the sanitize policy keeps as it is.
 */
import { inArray } from 'drizzle-orm';
import { slugify } from '@nordlys/sdk/profile-review';
import type { Db } from '../db/client';
import { blogPosts, images } from '../db/schema';
import { demoCoverPath } from '../image-store/demo-images';
import { insertAll } from './batch';
import { daysBefore } from './time';

export interface BlogSeedLinks {
  adminId: number;
  northwind: { id: number; authorId: number };
  /** Another ACTIVE startup, with its name for the text. */
  other: { id: number; name: string; authorId: number };
  /** The DRAFT startup: its published post is not public. */
  draft: { id: number; authorId: number };
  now: Date;
}

interface PostSeed {
  title: string;
  excerpt: string;
  body: string;
  /** A design of the demo cover palette, or null for none. */
  cover: number | null;
  company: number | null;
  author: number;
  /** Days before now it went out; null: a draft. */
  publishedDaysAgo: number | null;
  /** Days before now it was last changed. */
  updatedDaysAgo: number;
}

const p = (...paragraphs: string[]) => paragraphs.map((text) => (text.startsWith('<') ? text : `<p>${text}</p>`)).join('');

function posts(links: BlogSeedLinks): PostSeed[] {
  const { adminId, northwind, other, draft } = links;
  return [
    {
      title: 'How to read a Nordic startup job ad',
      excerpt: 'Flat hierarchies, "competitive salary" and equity in a currency you do not know: what Nordic startup job ads say, and what they mean.',
      body: p(
        'Job ads from Nordic startups are short. Many leave out things candidates elsewhere expect to see, and put in things that surprise them. Here is how to read one.',
        '<h2>“Flat organisation” is meant literally</h2>',
        'Most teams have a founder or a lead you report to, but decisions are made in the open and juniors are expected to speak up. If an ad says you will “own” something, you will be the person who decides how it is done.',
        '<h2>Salary is often a range, or “competitive”</h2>',
        'Denmark, Norway, Sweden and Finland publish far fewer salaries than the US, although that is changing. When an ad says “competitive”, ask for the range in the first call: it is a normal question and nobody will hold it against you.',
        '<ul><li>Salaries are quoted per month in Denmark, Norway and Sweden, and often per year in Finland.</li><li>Pension is usually on top of the salary, and can add 5–15%.</li><li>Five or six weeks of paid holiday are standard by law.</li></ul>',
        '<h2>Equity is common, but read the terms</h2>',
        'Warrants and options are the usual instruments. Ask how many shares exist in total, what the strike price is, and what happens if you leave. A percentage means more than a number of options.',
        'Every job on Nordlys shows the salary and equity when the startup gives them, so you can compare before you apply.',
      ),
      cover: 0,
      company: null,
      author: adminId,
      publishedDaysAgo: 3,
      updatedDaysAgo: 3,
    },
    {
      title: 'Salary, equity and pension: what Nordic startups offer in 2026',
      excerpt: 'We looked at the salaries and equity startups publish on Nordlys. The numbers, and what the rest of a package is worth.',
      body: p(
        'Over the last year more startups on Nordlys have published a salary range with their jobs. That gives candidates a better view of the market than ever, and it gives startups a benchmark.',
        '<h2>What the ranges show</h2>',
        'Engineering roles in Copenhagen and Stockholm sit close together; Oslo pays more in kroner but less once living costs are counted; Helsinki is lower in euros but rising fastest. Product and design roles follow engineering closely at senior level.',
        '<h2>The parts beyond salary</h2>',
        '<ul><li><strong>Pension:</strong> employer contributions are common in Denmark and Sweden, and mandatory in Norway.</li><li><strong>Equity:</strong> around half of the early-stage jobs offer warrants or options.</li><li><strong>Flexibility:</strong> hybrid work is the default; fully remote roles usually hire within a time zone.</li></ul>',
        'If you are hiring, publishing your range gets you more applications from people who will accept your offer. If you are looking, filter the job list by salary and see who is open about it.',
      ),
      cover: 2,
      company: null,
      author: adminId,
      publishedDaysAgo: 12,
      updatedDaysAgo: 10,
    },
    {
      title: 'Moving to the Nordics for a startup job',
      excerpt: 'Work permits, personal ID numbers, housing and the first weeks: a practical guide for people relocating to a Nordic startup.',
      body: p(
        'Many of the people who apply through Nordlys live outside the Nordics. Startups here hire internationally, and several help with the move. These are the steps most people go through.',
        '<h2>Before you go</h2>',
        'Citizens of the EU and EEA can work in every Nordic country without a permit. Others need a work permit, which the employer usually starts: Denmark’s Fast-track scheme, Sweden’s work permit and Norway’s skilled worker permit all take a few weeks when the paperwork is complete.',
        '<h2>The first weeks</h2>',
        '<ol><li>Register with the population register to get your personal ID number.</li><li>Open a bank account; you need the ID number for this and for almost everything else.</li><li>Find housing early: rentals in Copenhagen, Stockholm and Oslo go fast.</li></ol>',
        'Ask the startup what it covers. Relocation budgets, temporary housing and language classes are common perks, and they are listed on the job when the startup offers them.',
      ),
      cover: 4,
      company: null,
      author: adminId,
      publishedDaysAgo: 30,
      updatedDaysAgo: 30,
    },
    {
      title: 'What our first ten hires taught us about onboarding',
      excerpt: 'Northwind Labs grew from three founders to thirteen people in a year. What worked when new people joined, and what we would do differently.',
      body: p(
        'A year ago Northwind Labs was three founders in a shared office in Copenhagen. Today we are thirteen, spread over Copenhagen and Malmö. Every new person taught us something about how to welcome the next one.',
        '<h2>Write it down before they arrive</h2>',
        'Our first engineer spent her first week asking where things were. Now every new hire gets a short written guide: the product, the customers, the code, and who to ask about what. It takes a day to update and saves a week.',
        '<h2>Ship something in week one</h2>',
        'Each new person ships a small change to production in their first week, paired with someone who has been here longer. It makes the deploy process real, and it makes people feel part of the team.',
        '<h2>A buddy who is not your manager</h2>',
        'Questions people do not want to ask their manager still need answers. A buddy from another team answers them, and it builds connections across the company.',
        'We are hiring again. If you want to help Nordic factories use less energy, see our open jobs below.',
      ),
      cover: 1,
      company: northwind.id,
      author: northwind.authorId,
      publishedDaysAgo: 6,
      updatedDaysAgo: 5,
    },
    {
      title: 'Our next hire: a data engineer for energy prices',
      excerpt: 'A draft: what the data engineer we are looking for will build, and the problems they will solve in their first six months.',
      body: p(
        'Energy prices in the Nordics change every hour, and our customers plan production around them. We need someone to own the pipeline that brings prices, forecasts and machine data together.',
        '<h2>What you would build</h2>',
        '<ul><li>Ingestion of the day-ahead and intraday prices for every Nordic price area.</li><li>Forecasts our planning engine can trust, with a clear measure of how much.</li><li>Monitoring that tells us before a customer notices.</li></ul>',
      ),
      cover: 3,
      company: northwind.id,
      author: northwind.authorId,
      publishedDaysAgo: null,
      updatedDaysAgo: 1,
    },
    {
      title: 'Why we stayed small until customers asked for more',
      excerpt: `${other.name} hired slowly on purpose. How a small team kept focus, and how we knew it was time to grow.`,
      body: p(
        `For our first two years ${other.name} was five people. Investors asked why we did not hire faster; customers never did.`,
        '<h2>Small teams decide fast</h2>',
        'With five people, everyone knew every customer. When one asked for a change, we could decide the same day whether it fitted the product. That speed was our advantage over larger competitors.',
        '<h2>How we knew it was time</h2>',
        'We started hiring when the same requests came from many customers and we could not serve them well. The first hires were in support and engineering, the people closest to the customers.',
        'Now we are growing carefully, one role at a time. Our open jobs are listed below.',
      ),
      cover: 5,
      company: other.id,
      author: other.authorId,
      publishedDaysAgo: 9,
      updatedDaysAgo: 9,
    },
    {
      title: 'Building in public from day one',
      excerpt: 'We are a new startup and want to share what we learn as we go. This post waits for our profile to be approved.',
      body: p(
        'We have just started, and we want to be open about it: what we build, what we learn, and who we are looking for.',
        'This post is published, but readers see it only once our startup profile has been approved by the Nordlys team.',
      ),
      cover: 6,
      company: draft.id,
      author: draft.authorId,
      publishedDaysAgo: 2,
      updatedDaysAgo: 2,
    },
  ];
}

/** Inserts the demo posts (after the demo images, whose covers they use). */
export async function seedBlog(db: Db, links: BlogSeedLinks): Promise<void> {
  const list = posts(links);
  const paths = [...new Set(list.flatMap((post) => (post.cover === null ? [] : [demoCoverPath(post.cover)])))];
  const covers = new Map((await db.select({ id: images.id, path: images.path }).from(images).where(inArray(images.path, paths))).map((r) => [r.path, r.id]));
  await insertAll(
    db,
    blogPosts,
    list.map((post) => ({
      slug: slugify(post.title, 80),
      companyId: post.company,
      authorId: post.author,
      title: post.title,
      excerpt: post.excerpt,
      body: post.body,
      coverImageId: post.cover === null ? null : (covers.get(demoCoverPath(post.cover)) ?? null),
      publishedAt: post.publishedDaysAgo === null ? null : daysBefore(links.now, post.publishedDaysAgo),
      createdAt: daysBefore(links.now, Math.max(post.publishedDaysAgo ?? 0, post.updatedDaysAgo) + 1),
      updatedAt: daysBefore(links.now, post.updatedDaysAgo),
    })),
  );
}
