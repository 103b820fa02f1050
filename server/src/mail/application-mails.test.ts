/** The application mails of issue #13: what each says and links to, in text and escaped HTML. */
import { describe, expect, it } from 'vitest';
import { applicationConfirmationMail, excerpt, newApplicationMail, NOTE_EXCERPT_CHARS, rejectionMail } from './application-mails';
import { extractLinks } from './links';

const link = 'https://nordlys.example/client/my-jobs?tab=applied#application-31';
const board = 'https://nordlys.example/client/startups/northwind-labs/applicants?job=7&open=31';

describe('the application mails', () => {
  it("confirms the candidate's application: the job, the startup, what was sent, and My jobs", () => {
    const mail = applicationConfirmationMail({
      to: 'sofie@example.test',
      firstName: 'Sofie',
      productName: 'Nordlys',
      jobTitle: 'Backend <script>alert(1)</script>',
      companyName: 'Fjord & Co',
      cvFileName: 'Sofie CV.pdf',
      answers: 2,
      link,
    });
    expect(mail.to).toBe('sofie@example.test');
    expect(mail.subject).toBe('Your application to "Backend <script>alert(1)</script>" at Fjord & Co');
    expect(mail.text).toContain('Hi Sofie,');
    expect(mail.text).toContain('with your CV (Sofie CV.pdf) and your 2 answers');
    expect(mail.text).toContain('withdraw it there');
    expect(extractLinks(mail.text)).toEqual([link]);
    expect(mail.html).toContain('Backend &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Fjord &amp; Co');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(`href="${link}"`);
  });

  it("tells the startup who applied, with the headline, an excerpt of the note and the card's link", () => {
    const note = `${'I have built payment systems for eight years. '.repeat(20)}The end.`;
    const mail = newApplicationMail({
      to: 'hiring@northwind.test',
      productName: 'Nordlys',
      companyName: 'Northwind Labs',
      jobTitle: 'Backend engineer',
      candidate: { fullName: 'Ada <b>Lovelace</b>', headline: 'Engineer & mathematician' },
      note,
      answers: 1,
      hasCv: true,
      link: board,
    });
    expect(mail.subject).toBe('New application to "Backend engineer": Ada <b>Lovelace</b>');
    expect(mail.text).toContain('Ada <b>Lovelace</b> applied to "Backend engineer" at Northwind Labs, with a CV and an answer to your screening questions.');
    expect(mail.text).toContain('Headline: Engineer & mathematician');
    expect(mail.text).toContain(`Their note: "${excerpt(note)}"`);
    expect(mail.text).not.toContain('The end.');
    expect(extractLinks(mail.text)).toEqual([board]);
    expect(mail.html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');
    expect(mail.html).toContain(board.replace(/&/g, '&amp;'));
  });

  it('cuts a long note at a word, within the limit, and leaves a short one whole', () => {
    expect(excerpt('  Short   and\nsweet ')).toBe('Short and sweet');
    const cut = excerpt('word '.repeat(200));
    expect(cut.endsWith('word…')).toBe(true);
    expect([...cut].length).toBeLessThanOrEqual(NOTE_EXCERPT_CHARS + 1);
  });

  it('writes a kind rejection: thanks, the job and startup, no stage or note; a button only with a link', () => {
    const input = { candidate: { email: 'ada@example.test', firstName: 'Ada', lastName: 'Lovelace' }, job: { id: 7, title: 'Backend engineer' }, company: { key: 'northwind-labs', name: 'Northwind Labs' }, productName: 'Nordlys' };
    const plain = rejectionMail(input);
    expect(plain.to).toBe('ada@example.test');
    expect(plain.subject).toBe('Your application to "Backend engineer" at Northwind Labs');
    expect(plain.text).toContain('Hi Ada,');
    expect(plain.text).toContain('Thank you for applying to "Backend engineer" at Northwind Labs');
    expect(plain.text).toMatch(/other candidates/);
    expect(plain.text).not.toMatch(/rejected|to be rejected|stage/i);
    expect(extractLinks(plain.text)).toEqual([]);
    expect(plain.html).not.toContain('<a ');
    const linked = rejectionMail({ ...input, jobsLink: 'https://nordlys.example/jobs' });
    expect(extractLinks(linked.text)).toEqual(['https://nordlys.example/jobs']);
    expect(linked.html).toContain('Find more jobs');
  });
});
