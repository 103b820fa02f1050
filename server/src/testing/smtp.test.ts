import { describe, expect, it } from 'vitest';
import { parseMail } from './smtp';

describe('parseMail', () => {
  it('decodes base64 bodies inside nested multiparts and B-encoded subjects', () => {
    const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64').replace(/(.{20})/g, '$1\r\n');
    const raw = [
      'From: Nordlys <no-reply@nordlys.dk>',
      `Subject: =?UTF-8?B?${Buffer.from('Velkommen, Åse', 'utf8').toString('base64')}?=`,
      ' =?UTF-8?Q?_til_Nordlys?=',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      'preamble',
      '--outer',
      'Content-Type: multipart/alternative;',
      '\tboundary=inner',
      '',
      '--inner',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      b64('Bekræft her: https://nordlys.dk/verify?key=øæå-1'),
      '--inner',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      b64('<p>Bekræft</p>'),
      '--inner--',
      '--outer',
      'Content-Type: text/plain',
      '',
      'an attachment-like second text part that must not win',
      '--outer--',
      '',
    ].join('\r\n');
    const mail = parseMail(Buffer.from(raw, 'utf8'), { from: 'no-reply@nordlys.dk', to: ['ase@example.com'] });
    expect(mail.subject).toBe('Velkommen, Åse til Nordlys');
    expect(mail.text).toBe('Bekræft her: https://nordlys.dk/verify?key=øæå-1');
    expect(mail.html).toBe('<p>Bekræft</p>');
    expect(mail.links).toEqual(['https://nordlys.dk/verify?key=øæå-1']);
    expect(mail.to).toEqual(['ase@example.com']);
  });

  it('reads a single-part 8bit message', () => {
    const raw = 'Subject: Hej\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nÅse: http://x.dk/a\r\n';
    const mail = parseMail(Buffer.from(raw, 'utf8'), { from: '', to: [] });
    expect(mail.subject).toBe('Hej');
    expect(mail.text).toBe('Åse: http://x.dk/a\r\n');
    expect(mail.links).toEqual(['http://x.dk/a']);
  });
});
