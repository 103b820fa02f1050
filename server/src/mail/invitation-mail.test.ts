import { describe, expect, it } from 'vitest';
import { invitationMail } from './invitation-mail';

describe('invitationMail', () => {
  const link = 'https://nordlys.example/client/invitation?token=abc_DEF-123abc_DEF-123abc';

  it('names who invites to which startup, carries the link in both bodies and says it expires in 7 days', () => {
    const mail = invitationMail({ to: 'ana@example.test', productName: 'Nordlys', kind: 'company', profileName: 'Northwind Labs', invitedBy: 'Mads Holm', link });
    expect(mail.to).toBe('ana@example.test');
    expect(mail.subject).toBe('Join Northwind Labs on Nordlys');
    expect(mail.text).toContain('Mads Holm invites you to join the team of the startup Northwind Labs on Nordlys.');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('expires in 7 days');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Join Northwind Labs</a>');
  });

  it('says "investor" for investors and copes without an inviter name', () => {
    const mail = invitationMail({ to: 'a@example.test', productName: 'Nordlys', kind: 'investor', profileName: 'Fjord Ventures', invitedBy: null, link });
    expect(mail.text).toContain('You are invited to join the team of the investor Fjord Ventures');
  });

  it('escapes names in the HTML body', () => {
    const mail = invitationMail({ to: 'a@example.test', productName: 'Nordlys', kind: 'company', profileName: '<img src=x onerror=alert(1)>', invitedBy: 'Eve "the" <b>', link });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
