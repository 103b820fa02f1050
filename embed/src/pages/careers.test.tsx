// @vitest-environment happy-dom
/** The careers pages of a startup's own domain: document shape, job links, JSON-LD, canonical, escaping. */
import { describe, expect, it } from 'vitest';
import { auroraLabs, frontendJob, hostileJob, remoteJob, summary } from '@nordlys/sdk/testing';
import type { Company, Job } from '@nordlys/sdk/schemas';
import { renderCareersHome, renderCareersJob } from './index';
import { image, jsonLd, links, MAIN, NOW, ORIGIN, pageData, parse, scripts, text } from './test-helpers';

const home = (over: Partial<Parameters<typeof renderCareersHome>[0]> = {}) =>
  renderCareersHome({ company: auroraLabs, jobs: [summary(frontendJob), summary(hostileJob)], origin: ORIGIN, canonicalOrigin: MAIN, now: NOW, ...over });
const jobPage = (job: Job, company: Company = auroraLabs) => renderCareersJob({ company, job, origin: ORIGIN, canonicalOrigin: MAIN, now: NOW });

describe('renderCareersHome', () => {
  it('is a complete document with the careers title, the what-we-do description and one h1', () => {
    const html = home();
    expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    const doc = parse(html);
    expect(doc.title).toBe('Aurora Labs careers');
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(auroraLabs.whatWeDo);
    expect(doc.querySelector('meta[name="viewport"]')).not.toBeNull();
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(text(doc.querySelector('h1'))).toContain('Aurora Labs');
    expect(text(doc.querySelector('main'))).toContain(auroraLabs.whatWeDo!);
  });

  it('has the landmarks, a skip link to main and the page CSS in a <style>', () => {
    const doc = parse(home());
    expect(doc.querySelector('header')).not.toBeNull();
    expect(doc.querySelector('footer')).not.toBeNull();
    expect(doc.querySelector('main')?.id).toBe('main');
    expect(doc.querySelector('body > a.skip')?.getAttribute('href')).toBe('#main');
    const css = doc.querySelector('head style')?.textContent ?? '';
    expect(css).toContain('font:16px/1.5');
    expect(css).toContain('focus-visible');
    expect(css).toContain('70ch');
    expect(doc.querySelector('link[rel="stylesheet"]')).toBeNull();
  });

  it('shows the name with a monogram when there is no logo', () => {
    const header = parse(home()).querySelector('header')!;
    expect(text(header)).toContain('Aurora Labs');
    expect(text(header.querySelector('.monogram'))).toBe('AL');
    expect(header.querySelector('img')).toBeNull();
  });

  it('shows the thumbnail logo, made absolute against the main site, beside the name', () => {
    const header = parse(home({ company: { ...auroraLabs, logoImage: image('aurora.png') } })).querySelector('header')!;
    expect(header.querySelector('img')?.getAttribute('src')).toBe(`${MAIN}/images/thumbnail/aurora.png`);
    expect(text(header)).toContain('Aurora Labs');
    expect(header.querySelector('.monogram')).toBeNull();
  });

  it('lists each active job as a real link to /jobs/{id} on this host, with location and position type', () => {
    const doc = parse(home({ jobs: [summary(frontendJob), summary(remoteJob)] }));
    const items = [...doc.querySelectorAll('ul.jobs > li')];
    expect(items).toHaveLength(2);
    expect(links(items[0]!)).toEqual([{ href: '/jobs/1', text: 'Senior Frontend Engineer' }]);
    expect(links(items[1]!)).toEqual([{ href: '/jobs/2', text: 'Remote Data Scientist' }]);
    expect(text(items[0])).toContain('Copenhagen, Denmark');
    expect(text(items[0])).toContain('Full-time');
    expect(text(items[1])).toContain('Remote');
    expect(text(items[1])).toContain('Freelance');
    expect(items[0]!.querySelector('time')?.getAttribute('title')).toMatch(/^\d{1,2} \w+ \d{4}$/);
  });

  it('shows an empty state that suggests what to do when there are no jobs', () => {
    const doc = parse(home({ jobs: [] }));
    expect(doc.querySelector('ul.jobs')).toBeNull();
    const empty = doc.querySelector('.empty')!;
    expect(text(empty)).toContain('Aurora Labs has no open positions right now.');
    expect(links(empty)).toEqual([{ href: `${MAIN}/jobs`, text: 'browse other Nordic startup jobs' }]);
  });

  it('shows the team, and the gallery only when there are images', () => {
    let doc = parse(home());
    expect(text(doc.querySelector('.team'))).toContain('Freja Holm');
    expect(text(doc.querySelector('.team'))).toContain('CTO');
    expect(doc.querySelector('.gallery')).toBeNull();

    doc = parse(home({ company: { ...auroraLabs, team: [], galleryImages: [image('a.jpg'), image('b.jpg')] } }));
    expect(doc.querySelector('.team')).toBeNull();
    const imgs = [...doc.querySelectorAll('.gallery img')];
    expect(imgs.map((i) => i.getAttribute('src'))).toEqual([`${MAIN}/images/listing/a.jpg`, `${MAIN}/images/listing/b.jpg`]);
    expect(imgs[0]!.getAttribute('alt')).toBe('Aurora Labs, photo 1 of 2');
  });

  it('loads careers.js (external, deferred) and hands it the list in the page data, cut to what the list shows', () => {
    const doc = parse(home());
    expect(scripts(doc)).toEqual(['/embed/v1/careers.js', 'application/json']);
    expect(doc.querySelector('head script[src]')?.hasAttribute('defer')).toBe(true);
    const data = pageData(doc).jobs!;
    expect(data).toMatchObject({ companyName: 'Aurora Labs', canonicalOrigin: MAIN, now: NOW.toISOString() });
    expect(data.jobs.map((j) => j.id)).toEqual([1, 3]);
    expect(Object.keys(data.jobs[0]!).sort()).toEqual(['approvedAt', 'categories', 'company', 'createdAt', 'id', 'isRemote', 'location', 'positionType', 'title']);
    // The island the bundle hydrates holds the list the server rendered.
    expect(doc.querySelectorAll('#nl-jobs ul.jobs > li')).toHaveLength(2);
  });

  it('has filters that work without JavaScript: a GET form to / with named, labelled selects and a submit button (issue #32, WCAG)', () => {
    const form = parse(home({ jobs: [summary(frontendJob), summary(remoteJob)] })).querySelector('#nl-jobs form.filters')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/');
    expect([...form.querySelectorAll('select')].map((s) => s.getAttribute('name'))).toEqual(['category', 'location']);
    for (const select of form.querySelectorAll('select')) expect(form.querySelector(`label[for="${select.id}"]`)).not.toBeNull();
    expect(text(form.querySelector('button[type="submit"]'))).toBe('Show jobs');
  });

  it('answers the form: the list filtered, the choices kept, a link that clears them; values no job has are ignored', () => {
    const jobs = [summary(frontendJob), summary(remoteJob)];
    let doc = parse(home({ jobs, filters: { location: 'Remote' } }));
    expect(links(doc.querySelector('ul.jobs')!).map((l) => l.href)).toEqual(['/jobs/2']);
    expect(doc.querySelector('#filter-location option[selected]')?.textContent).toBe('Remote');
    expect(text(doc.querySelector('.count'))).toBe('Showing 1 of 2 jobs');
    expect(links(doc.querySelector('form.filters')!)).toEqual([{ href: '/', text: 'Clear filters' }]);
    expect(pageData(doc).jobs?.filters).toEqual({ category: '', location: 'Remote' });
    doc = parse(home({ jobs, filters: { category: 'cobol', location: '<script>' } }));
    expect(doc.querySelectorAll('ul.jobs > li')).toHaveLength(2);
    expect([...doc.querySelectorAll('form.filters option[selected]')].map((o) => o.getAttribute('value'))).toEqual(['', '']);
  });

  it('escapes a hostile job title and company name', () => {
    const html = home({ company: { ...auroraLabs, name: '<img src=x onerror=alert(1)>' } });
    expect(html).not.toContain('</script><script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    const doc = parse(html);
    // The bundle and its data, no inline script; the hostile texts come back intact from the data.
    expect(scripts(doc)).toEqual(['/embed/v1/careers.js', 'application/json']);
    expect(links(doc).find((l) => l.href === '/jobs/3')?.text).toBe(hostileJob.title);
    expect(pageData(doc).jobs).toMatchObject({ companyName: '<img src=x onerror=alert(1)>', jobs: [{ id: 1 }, { id: 3, title: hostileJob.title }] });
  });
});

describe('renderCareersJob', () => {
  it('shows the title, location, type and the description HTML, with a back link to /', () => {
    const doc = parse(jobPage(frontendJob));
    expect(doc.title).toBe('Senior Frontend Engineer at Aurora Labs');
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(text(doc.querySelector('h1'))).toBe('Senior Frontend Engineer');
    const facts = text(doc.querySelector('dl.facts'));
    expect(facts).toContain('Copenhagen, Denmark');
    expect(facts).toContain('Full-time');
    expect(doc.querySelector('.description')?.innerHTML).toBe(frontendJob.description);
    expect(doc.querySelector('.description strong')?.textContent).toBe('forecast');
    expect(links(doc.querySelector('main')!).filter((l) => l.href === '/')).toHaveLength(2);
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Build & ship our forecast app. You React');
  });

  it('has share links that work without JavaScript, for this page on this host, with the text cut at 200 characters', () => {
    const job = { ...frontendJob, description: `<p>${'word '.repeat(80)}</p>` };
    const doc = parse(jobPage(job));
    const share = doc.querySelector('#nl-share')!;
    expect(text(share.querySelector('h2'))).toBe('Share this job');
    const hrefs = links(share).map((l) => l.href);
    const url = encodeURIComponent(`${ORIGIN}/jobs/1`);
    expect(hrefs[0]).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${url}`);
    expect(hrefs[2]).toBe(`https://www.facebook.com/sharer/sharer.php?u=${url}`);
    const tweet = new URL(hrefs[1]!).searchParams.get('text')!;
    expect(tweet.startsWith('Senior Frontend Engineer at Aurora Labs. word')).toBe(true);
    expect(tweet.length).toBeLessThanOrEqual(200);
    expect(hrefs[3]!.startsWith('mailto:?subject=Senior%20Frontend%20Engineer%20at%20Aurora%20Labs')).toBe(true);
    expect(share.querySelector('button')).toBeNull();
    expect(pageData(doc)).toEqual({ share: { url: `${ORIGIN}/jobs/1`, title: 'Senior Frontend Engineer at Aurora Labs', text: tweet } });
  });

  it("links a quick-apply job to the main site's job page with the dialog, on the careers surface", () => {
    // A job without the setting, and one that says so: quick apply on the main site (paths.jobApply).
    for (const job of [frontendJob, { ...frontendJob, apply: { method: 'nordlys' as const, url: null, email: null } }]) {
      const apply = parse(jobPage(job)).querySelector('a.button');
      expect(apply?.getAttribute('href')).toBe(`${MAIN}/jobs/1?apply=1&surface=careers`);
      expect(text(apply)).toBe('Apply');
    }
  });

  it("links a URL job to the startup's page (scheme added) and an e-mail job to a mail with the subject", () => {
    const url = parse(jobPage({ ...frontendJob, apply: { method: 'url', url: 'aurora-labs.example/jobs/1', email: null } })).querySelector('a.button');
    expect(url?.getAttribute('href')).toBe('http://aurora-labs.example/jobs/1');
    expect(text(url)).toBe('Apply on aurora-labs.example');
    const mail = parse(jobPage({ ...frontendJob, apply: { method: 'email', url: null, email: 'jobs@aurora-labs.example' } })).querySelector('a.button');
    expect(mail?.getAttribute('href')).toBe(`mailto:jobs@aurora-labs.example?subject=${encodeURIComponent(`Application: ${frontendJob.title}`)}`);
    expect(text(mail)).toBe('Apply by e-mail');
  });

  it('never links a javascript: application URL', () => {
    const html = jobPage({ ...frontendJob, apply: { method: 'url', url: 'javascript:alert(1)', email: null } });
    expect(html).not.toContain('href="javascript:');
  });

  it('points its canonical link at the main site job page', () => {
    const doc = parse(jobPage(frontendJob));
    const canonical = [...doc.querySelectorAll('link[rel="canonical"]')];
    expect(canonical).toHaveLength(1);
    expect(canonical[0]!.getAttribute('href')).toBe(`${MAIN}/jobs/1`);
  });

  it('carries JobPosting JSON-LD with the fields Google requires', () => {
    const [posting, ...rest] = jsonLd(parse(jobPage(frontendJob)));
    expect(rest).toHaveLength(0);
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: frontendJob.title,
      description: frontendJob.description,
      datePosted: frontendJob.createdAt,
      hiringOrganization: { '@type': 'Organization', name: 'Aurora Labs' },
      jobLocation: { '@type': 'Place', address: { addressLocality: 'Copenhagen', addressCountry: 'DK' } },
      url: `${MAIN}/jobs/1`,
    });
  });

  it('marks a remote job TELECOMMUTE in its JSON-LD', () => {
    const [posting] = jsonLd(parse(jobPage(remoteJob)));
    expect(posting).toMatchObject({ jobLocationType: 'TELECOMMUTE', title: remoteJob.title, datePosted: remoteJob.createdAt });
    expect(posting).toHaveProperty('hiringOrganization.name', 'Fjord Pay');
    expect(posting).not.toHaveProperty('jobLocation');
  });

  it('keeps a hostile title out of script elements and brings it back intact', () => {
    const html = jobPage(hostileJob);
    expect(html).not.toContain('</script><script>alert(1)</script>');
    // JSON-LD, the bundle and its data: three script elements, each closed once, none inline JS.
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    const doc = parse(html);
    expect(scripts(doc)).toEqual(['application/ld+json', '/embed/v1/careers.js', 'application/json']);
    expect(pageData(doc).share?.title).toBe(`${hostileJob.title} at Aurora Labs`);
    expect(doc.title).toBe(`${hostileJob.title} at Aurora Labs`);
    expect(text(doc.querySelector('h1'))).toBe(hostileJob.title);
    expect(jsonLd(doc)[0]).toMatchObject({ title: hostileJob.title, description: hostileJob.description });
  });

  it('tells a closed job apart: a notice, no apply link, no JSON-LD', () => {
    const doc = parse(jobPage({ ...frontendJob, status: 'EXPIRED' }));
    expect(text(doc.querySelector('.notice'))).toBe('This job is no longer open for applications.');
    expect(doc.querySelector('a.button')).toBeNull();
    expect(jsonLd(doc)).toHaveLength(0);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${MAIN}/jobs/1`);
  });
});
