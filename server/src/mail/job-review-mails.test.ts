/** The resend-applicants mail (issue #13): a summary per stage in the board's order, card links, escaping. */
import { describe, expect, it } from 'vitest';
import { applicationsResentMail, type ResentApplication } from './job-review-mails';
import { extractLinks } from './links';

const ORIGIN = 'https://nordlys.example';
const base = { to: 'hiring@example.test', productName: 'Nordlys', companyName: 'Acme <Labs>', jobTitle: 'Data "engineer"', origin: ORIGIN, companyKey: 'acme', jobId: 7 };
const app = (id: number, stage: ResentApplication['stage'], extra: Partial<ResentApplication> = {}): ResentApplication => ({
  id,
  name: `Person ${id}`,
  email: `p${id}@example.test`,
  appliedAt: new Date(Date.UTC(2031, 0, id)),
  stage,
  stageId: null,
  customStage: null,
  ...extra,
});

describe('applicationsResentMail', () => {
  it('groups the applications by stage in board order, with a card link each and the job board last', () => {
    const mail = applicationsResentMail({
      ...base,
      stages: [
        { id: 3, name: 'Take-home', color: '#3b6fd8', position: 1 },
        { id: 2, name: 'Interview', color: '#8c7ae6', position: 0 },
      ],
      applications: [app(1, 'rejected'), app(2, 'custom', { stageId: 3, customStage: 'Take-home' }), app(3, 'applied'), app(4, 'custom', { stageId: 2, customStage: 'Interview' })],
    });
    expect(mail.subject).toBe('Applications to "Data "engineer"" (4)');
    expect(mail.text).toContain('Applied: 1 · Interview: 1 · Take-home: 1 · Hired: 0 · To be rejected: 0 · Rejected: 1');
    const board = `${ORIGIN}/client/startups/acme/applicants?job=7`;
    expect(extractLinks(mail.text)).toEqual([3, 4, 2, 1].map((id) => `${board}&open=${id}`).concat(board));
    expect(mail.text.indexOf('Interview (1)')).toBeLessThan(mail.text.indexOf('Take-home (1)'));
    expect(mail.text).toContain('- Person 4 <p4@example.test>, applied 4 January 2031');
    expect(mail.html).toContain('Acme &lt;Labs&gt;');
    expect(mail.html).toContain('Person 4 &lt;p4@example.test&gt;');
    expect(mail.html).not.toContain('<Labs>');
  });

  it('says so when there are no applications, and still links to the board', () => {
    const mail = applicationsResentMail({ ...base, stages: [], applications: [] });
    expect(mail.subject).toBe('Applications to "Data "engineer"" (0)');
    expect(mail.text).toContain('has no applications yet');
    expect(mail.text).not.toContain('Applied: 0');
    expect(extractLinks(mail.text)).toEqual([`${ORIGIN}/client/startups/acme/applicants?job=7`]);
  });
});
