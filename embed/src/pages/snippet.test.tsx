// @vitest-environment happy-dom
/** The indexable snippet a startup admin copies: plain links the host page holds without JavaScript, then the jobs.js tag. */
import { describe, expect, it } from 'vitest';
import { auroraLabs, frontendJob, hostileJob, remoteJob, summary } from '@nordlys/sdk/testing';
import { renderIndexableSnippet } from './index';
import { links, MAIN, parse, scripts, text } from './test-helpers';

const snippet = (jobs = [summary(frontendJob), summary(remoteJob)]) => renderIndexableSnippet({ company: auroraLabs, jobs, origin: MAIN });

describe('renderIndexableSnippet', () => {
  it('is a container naming the company, holding each job as a link to the main site with company and location', () => {
    const doc = parse(snippet());
    const box = doc.querySelector('div[data-nordlys-jobs]')!;
    expect(box.getAttribute('data-company')).toBe('aurora-labs');
    expect(box.getAttribute('data-limit')).toBe('50');
    const items = [...box.querySelectorAll('ul > li')];
    expect(items.map((li) => links(li))).toEqual([
      [{ href: `${MAIN}/jobs/1`, text: 'Senior Frontend Engineer' }],
      [{ href: `${MAIN}/jobs/2`, text: 'Remote Data Scientist' }],
    ]);
    expect(text(items[0])).toBe('Senior Frontend Engineer – Aurora Labs · Copenhagen, Denmark');
    expect(text(items[1])).toBe('Remote Data Scientist – Aurora Labs · Remote');
    expect(links(box).at(-1)).toEqual({ href: `${MAIN}/startups/aurora-labs`, text: 'All jobs at Aurora Labs on Nordlys' });
  });

  it('ends with the jobs.js tag after the container, and has no inline script or style', () => {
    const html = snippet();
    const doc = parse(html);
    expect(scripts(doc)).toEqual([`${MAIN}/embed/v1/jobs.js`]);
    const script = doc.querySelector('script')!;
    expect(script.hasAttribute('async')).toBe(true);
    expect(script.hasAttribute('data-company')).toBe(false); // the container is the widget, not a new div after the tag
    expect(doc.querySelector('[data-nordlys-jobs] + script')).toBe(script);
    expect(html).not.toMatch(/style/);
    // One element per line, for a readable paste.
    expect(html.split('\n').length).toBeGreaterThan(6);
  });

  it('escapes hostile titles', () => {
    const html = snippet([summary(hostileJob)]);
    expect(html).not.toContain('<script>alert(1)');
    expect(links(parse(html).querySelector('ul')!)[0]!.text).toBe(hostileJob.title);
  });

  it('says there are no open positions when there are none, and keeps the link and the script', () => {
    const doc = parse(snippet([]));
    expect(doc.querySelector('ul')).toBeNull();
    expect(text(doc.querySelector('[data-nordlys-jobs]'))).toContain('No open positions right now.');
    expect(scripts(doc)).toHaveLength(1);
  });
});
