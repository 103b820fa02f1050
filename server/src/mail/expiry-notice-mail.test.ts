import { describe, expect, it } from 'vitest';
import { expiryNoticeMail } from './expiry-notice-mail';
import { extractLinks } from './links';

describe('expiryNoticeMail', () => {
  const base = {
    to: 'ana@example.test',
    firstName: 'Ana',
    productName: 'Nordlys',
    companyName: 'Northwind Labs',
    jobTitle: 'Backend engineer',
    expiresAt: '2026-11-26T09:00:00.000Z',
    now: new Date('2026-11-23T08:00:00.000Z'),
    jobLink: 'https://nordlys.example/jobs/42',
    jobsLink: 'https://nordlys.example/client/startups/northwind/jobs',
  };

  it('names the job, its date in UTC and both links, in both bodies', () => {
    const mail = expiryNoticeMail(base);
    expect(mail.to).toBe('ana@example.test');
    expect(mail.subject).toBe('Your job "Backend engineer" expires on 26 November 2026');
    expect(mail.text).toContain('Hi Ana,');
    expect(mail.text).toContain('The job "Backend engineer" at Northwind Labs expires on 26 November 2026 (in 3 days).');
    expect(extractLinks(mail.text)).toEqual([base.jobsLink, base.jobLink]);
    expect(mail.html).toContain(`href="${base.jobsLink}"`);
    expect(mail.html).toContain(`href="${base.jobLink}"`);
    expect(mail.html).toContain('Open your jobs</a>');
  });

  it('escapes the title and names in the HTML body', () => {
    const mail = expiryNoticeMail({ ...base, jobTitle: '<img src=x onerror=alert(1)>', companyName: 'A & <b>B</b>' });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<b>B</b>');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
