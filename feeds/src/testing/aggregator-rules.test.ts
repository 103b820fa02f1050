/** The checker of Indeed's and LinkedIn's field lists: it passes our feeds and names each broken rule of a broken one. */
import { describe, expect, it } from 'vitest';
import { frontendJob, hostileJob, remoteJob } from '@nordlys/sdk/testing';
import { indeedFeed } from '../indeed';
import { linkedinFeed } from '../linkedin';
import { errorsByField, indeedErrors, linkedinErrors } from './aggregator-rules';

const ORIGIN = 'https://nordlys.example';
const jobs = [frontendJob, remoteJob, hostileJob];

describe('indeedErrors', () => {
  it('passes our feed of on-site and remote jobs', () => {
    expect(indeedErrors(indeedFeed(jobs, { publisher: 'Nordlys', origin: ORIGIN }))).toEqual([]);
  });

  it('names the job and field of each broken rule', () => {
    const xml = `<?xml version="1.0"?><source>
      <job><title><![CDATA[A]]></title><date><![CDATA[yesterday]]></date><referencenumber><![CDATA[7]]></referencenumber>
        <requisitionid><![CDATA[7]]></requisitionid><url><![CDATA[/jobs/7]]></url><company>Plain text</company>
        <country><![CDATA[Denmark]]></country><description><![CDATA[<p>x</p>]]></description>
        <salary><![CDATA[DKK 40,000–48,000]]></salary><remotetype><![CDATA[Remote]]></remotetype></job>
      <job><referencenumber><![CDATA[7]]></referencenumber></job>
    </source>`;
    const errors = indeedErrors(xml);
    expect(errors.filter((e) => e.job === '7' && e.field === 'city')).toHaveLength(2);
    expect(errorsByField(errors)).toEqual({
      title: 1,
      date: 2,
      referencenumber: 1,
      requisitionid: 1,
      url: 2,
      company: 2,
      city: 2,
      country: 2,
      description: 1,
      salary: 1,
      remotetype: 1,
    });
    expect(() => indeedErrors('<source><job></source>')).toThrow(/not well-formed/);
  });
});

describe('linkedinErrors', () => {
  const options = { publisher: 'Nordlys', origin: ORIGIN, posterEmail: 'team@nordlys.example' };

  it('passes our feed', () => {
    expect(linkedinErrors(linkedinFeed(jobs, options))).toEqual([]);
  });

  it('names each broken rule: mandatory fields, the poster, the workplace, a salary without its period', () => {
    const xml = `<?xml version="1.0"?><source><job>
      <partnerJobId><![CDATA[${'x'.repeat(41)}]]></partnerJobId><company><![CDATA[Aurora]]></company><title><![CDATA[A]]></title>
      <description><![CDATA[<p>x</p>]]></description><applyUrl><![CDATA[https://nordlys.example/jobs/1]]></applyUrl>
      <posterEmail><![CDATA[team@localhost]]></posterEmail><workplaceTypes><![CDATA[Anywhere]]></workplaceTypes>
      <salaries><salary><highEnd><amount>48000</amount><currencyCode>DKK</currencyCode></highEnd><type>BASE_SALARY</type></salary></salaries>
    </job></source>`;
    expect(errorsByField(linkedinErrors(xml))).toEqual({ partnerJobId: 1, location: 1, posterEmail: 1, workplaceTypes: 1, 'salary.period': 1 });
  });
});
