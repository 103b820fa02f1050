import { describe, expect, it } from 'vitest';
import { escapeHtml, resetPasswordLink, resetPasswordMail, verifyEmailLink, verifyEmailMail } from './mails';

describe('account mails', () => {
  it('builds the spec 7 links with the key escaped', () => {
    expect(resetPasswordLink('https://nordlys.example', 'a+b/c')).toBe('https://nordlys.example/client/reset-password?resetKey=a%2Bb%2Fc');
    expect(verifyEmailLink('http://localhost:3000', 'k-1_x')).toBe('http://localhost:3000/client/verify-email?email-verification-key=k-1_x');
  });

  it('writes the reset mail: product name, link in text and HTML, one-hour expiry', () => {
    const link = resetPasswordLink('https://nordlys.example', 'KEY123');
    const mail = resetPasswordMail({ to: 'a@example.test', firstName: 'Ada', productName: 'Nordlys', link });
    expect(mail.to).toBe('a@example.test');
    expect(mail.subject).toBe('Reset your Nordlys password');
    expect(mail.text).toContain('Hi Ada,');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('expires in 1 hour');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('expires in 1 hour');
  });

  it('writes the verification mail with a seven-day expiry', () => {
    const mail = verifyEmailMail({ to: 'a@example.test', firstName: '', productName: 'Nordlys', link: 'https://x.example/v?k=1&b=2' });
    expect(mail.subject).toBe('Confirm your e-mail address for Nordlys');
    expect(mail.text).toMatch(/^Hi,\n/);
    expect(mail.text).toContain('https://x.example/v?k=1&b=2');
    expect(mail.text).toContain('7 days');
    expect(mail.html).toContain('href="https://x.example/v?k=1&amp;b=2"');
  });

  it('escapes what people typed in the HTML body', () => {
    const mail = verifyEmailMail({ to: 'a@example.test', firstName: '<script>alert(1)</script>', productName: 'Nordlys & Co', link: 'https://x.example/' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(mail.html).toContain('Nordlys &amp; Co');
    expect(escapeHtml(`"'<>&`)).toBe('&quot;&#39;&lt;&gt;&amp;');
  });
});
