// @vitest-environment happy-dom
/** The job-list widget page of the main site (spec 2.7): a bare page for an iframe or a link. */
import { describe, expect, it } from 'vitest';
import { auroraLabs, frontendJob, hostileJob, remoteJob, summary } from '@nordlys/sdk/testing';
import { jobBrief } from '@nordlys/sdk/jobs';
import { renderJobListWidgetPage } from './index';
import { links, MAIN, NOW, parse, scripts, text } from './test-helpers';

const jobs = [summary(frontendJob), summary(remoteJob)].map(jobBrief);
const page = (options?: Record<string, string>, list = jobs) =>
  renderJobListWidgetPage({ company: auroraLabs, jobs: list, origin: MAIN, canonicalOrigin: MAIN, options, now: NOW });
const css = (html: string) => parse(html).querySelector('head style')?.textContent ?? '';

describe('renderJobListWidgetPage', () => {
  it('shows the company name and its jobs as links to the main site that leave any frame, with no site header or footer', () => {
    const doc = parse(page());
    expect(text(doc.querySelector('h1'))).toBe('Aurora Labs');
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(doc.querySelector('header')).toBeNull();
    expect(doc.querySelector('nav')).toBeNull();
    const items = [...doc.querySelectorAll('main ul.jobs > li')];
    expect(items.map((li) => li.querySelector('a')!.getAttribute('href'))).toEqual([`${MAIN}/jobs/1`, `${MAIN}/jobs/2`]);
    expect(items.every((li) => li.querySelector('a')!.getAttribute('target') === '_top')).toBe(true);
    expect(text(items[0])).toContain('Copenhagen, Denmark');
    expect(text(items[0])).toContain('Full-time');
    expect(text(items[1])).toContain('Remote');
    expect(scripts(doc)).toEqual([]);
  });

  it('says "Powered by Nordlys" with a link to the main site, and points search engines at the company page', () => {
    const doc = parse(page());
    const footer = doc.querySelector('footer')!;
    expect(links(footer)).toContainEqual({ href: `${MAIN}/`, text: 'Powered by Nordlys' });
    expect(links(footer)).toContainEqual({ href: `${MAIN}/startups/aurora-labs`, text: 'Aurora Labs on Nordlys' });
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${MAIN}/startups/aurora-labs`);
    expect(doc.title).toBe('Jobs at Aurora Labs – Nordlys');
  });

  it('follows the system colour scheme by default, and takes theme, accent, layout and limit from the query', () => {
    expect(css(page())).toContain('prefers-color-scheme:dark');
    const dark = css(page({ theme: 'dark', accent: '#ff0066' }));
    expect(dark).toContain('--nl-bg:#14181d');
    expect(dark).not.toContain('prefers-color-scheme');
    expect(dark).toContain('--nl-accent:#ff0066');
    const doc = parse(page({ layout: 'cards', limit: '1' }));
    expect(doc.querySelector('ul.jobs.cards')).not.toBeNull();
    expect(doc.querySelectorAll('ul.jobs > li')).toHaveLength(1);
    expect(links(doc.querySelector('footer')!)[0]).toEqual({ href: `${MAIN}/startups/aurora-labs`, text: 'All 2 jobs at Aurora Labs' });
  });

  it('refuses an accent that is not a plain colour, and unknown values', () => {
    const html = page({ accent: 'red;}body{display:none', theme: 'neon', layout: 'grid', limit: '500' });
    expect(css(html)).not.toContain('display:none');
    expect(css(html)).toContain('prefers-color-scheme:dark');
    expect(parse(html).querySelectorAll('ul.jobs:not(.cards) > li')).toHaveLength(2);
  });

  it('escapes hostile titles, and says so when there are no jobs', () => {
    const html = page(undefined, [jobBrief(summary(hostileJob))]);
    expect(html).not.toContain('<script>alert(1)');
    expect(text(parse(html).querySelector('ul.jobs a'))).toBe(hostileJob.title);
    expect(text(parse(page(undefined, [])).querySelector('main'))).toContain('Aurora Labs has no open positions right now.');
  });
});
