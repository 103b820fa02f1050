/**
 * The pages of issue #15's services as the server renders them: /contact, /scout, /headhunter,
 * /community-program and the product pages /startups/career-page and /startups/white-label-feed, each
 * complete with its title and description. The forms work without JavaScript: a POST renders the
 * action's answer (the confirmation, or the typed values with the messages and the status).
 * spec 2.8: Scout is linked only while the headhunter product is on.
 */
import { auroraLabs, frontendJob, remoteJob, summary } from '@nordlys/sdk/testing';
import { describe, expect, it } from 'vitest';
import { render as renderServer } from '../../entry-server';
import { accountApi, jsonAnswer, type Handlers } from '../../modals/test-helpers';
import { siteConfig } from '../../testing/fixtures';

const visitor: Handlers = {
  'GET users/me': () => jsonAnswer({ message: 'Please log in', code: 'E_UNAUTHORIZED' }, 401),
  'GET site/config-base': () => jsonAnswer(siteConfig({ headhunter: false })),
};

const FEED = {
  id: 3,
  domain: 'jobs.partner.test',
  name: 'Partner Jobs',
  description: 'Startup jobs in Denmark for the members of Partner.',
  logoImage: null,
  filters: { countryCodes: ['DK'] },
  company: { key: 'partner', name: 'Partner' },
};

const showcase: Handlers = {
  'GET showcase': () => jsonAnswer({ careerPage: { companyKey: auroraLabs.key, careersDomain: 'careers.aurora.test' }, whiteLabelFeed: { domain: FEED.domain } }),
  [`GET companies/${auroraLabs.key}`]: () => jsonAnswer(auroraLabs),
  [`GET companies/${auroraLabs.key}/jobs`]: () => jsonAnswer({ jobs: [summary(frontendJob), summary(remoteJob)] }),
  [`GET companies/white-label-feed-domain/${FEED.domain}`]: () => jsonAnswer(FEED),
  'GET v2/jobs': () => jsonAnswer({ jobs: [summary(frontendJob)], total: 12, page: 1, pageSize: 5 }),
};

async function serverRender(path: string, handlers: Handlers = {}, init: RequestInit = {}) {
  const { api, calls, sent } = accountApi({ ...visitor, ...handlers });
  const response = await renderServer(new Request(`http://nordlys.test${path}`, init), {
    api: () => api,
    productName: 'Nordlys',
    origin: 'http://nordlys.test',
    assets: { scripts: [], styles: [] },
  });
  // React marks where text parts meet with empty comments; read the page as its text runs.
  return { response, html: (await response.text()).replaceAll('<!-- -->', ''), calls, sent };
}

/** A form POST as a browser without JavaScript sends it. */
const formPost = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe('the service pages on the server', () => {
  it.each([
    ['/contact', 'Contact us', 'Contact us', 'Send message'],
    ['/scout', 'Scout: a recruiter who is paid when you hire', 'Scout: a recruiter who is paid when you hire', 'Request Scout'],
    ['/headhunter', 'Headhunter: a recruiter on your job, at a fixed price', 'Headhunter: a recruiter on your job, at a fixed price', 'Send'],
    ['/community-program', 'The community program', 'The community program', 'Send application'],
  ])('%s is a complete page with its form', async (path, title, h1, submit) => {
    const { response, html } = await serverRender(path);
    expect(response.status).toBe(200);
    expect(html).toContain(`<title>${title} | Nordlys</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{60,}">/);
    expect(html).toContain(`<h1>${h1}</h1>`);
    // A real form POST to the page itself, every field named, the captcha's answer in a hidden field.
    expect(html).toMatch(new RegExp(`<form class="contact-form"[^>]* action="${path}" method="post">`));
    for (const name of ['name', 'email', 'company', 'message']) expect(html).toContain(`name="${name}"`);
    expect(html).toContain('<input type="hidden" name="reCaptchaResponse" value=""/>');
    expect(html).toContain('<altcha-widget challenge="/api/captcha/challenge">');
    expect(html).toContain('<noscript>');
    expect(html).toContain(`>${submit}</button>`);
  });

  it('says what Scout and Headhunter do: 12 weeks, grades from 1 to 5, paid per hire or a fixed price', async () => {
    const scout = (await serverRender('/scout')).html;
    expect(scout).toContain('<span class="badge badge--new">NEW</span>');
    expect(scout).toContain('For 12 weeks they search, screen every applicant and grade each from 1 to 5');
    expect(scout).toContain('you pay only when you hire');
    expect(scout).toContain('href="/scout-terms"');
    const headhunter = (await serverRender('/headhunter')).html;
    expect(headhunter).toMatch(/<th scope="row">Denmark<\/th><td>DKK.24,900\.00<\/td>/);
    expect(headhunter).toContain('href="/headhunter-terms"');
  });

  it('links Scout from the other pages only while the headhunter product is on (spec 2.8)', async () => {
    const off = await serverRender('/headhunter');
    expect(off.html).not.toContain('href="/scout"');
    const on = await serverRender('/headhunter', { 'GET site/config-base': () => jsonAnswer(siteConfig({ headhunter: true })) });
    expect(on.html).toContain('href="/scout"');
  });
});

describe('the forms without JavaScript', () => {
  it('sends a POST through the action and shows the confirmation', async () => {
    const { response, html, sent } = await serverRender(
      '/contact',
      { 'POST contact': () => jsonAnswer({ kind: 'contact' }, 202) },
      formPost({ name: 'Sofie Kjær', email: 'sofie@example.test', company: '', message: 'Do you list jobs in Tórshavn?', reCaptchaResponse: 'solved' }),
    );
    expect(response.status).toBe(200);
    expect(sent('POST contact')).toEqual([{ kind: 'contact', name: 'Sofie Kjær', email: 'sofie@example.test', message: 'Do you list jobs in Tórshavn?', reCaptchaResponse: 'solved' }]);
    expect(html).toContain('Thank you, Sofie Kjær</h2>');
    expect(html).toContain('by e-mail to sofie@example.test.');
  });

  it("keeps what was typed and shows the server's messages, with its status", async () => {
    const { response, html } = await serverRender(
      '/scout',
      {
        'POST contact': () =>
          jsonAnswer({ message: 'Invalid input', code: 'E_VALIDATION', errors: { company: ["Please enter your startup's name"], reCaptchaResponse: ['Please verify you are not a robot'] } }, 400),
      },
      formPost({ name: 'Mads Berg', email: 'mads@aurora.test', company: '', message: 'A senior backend engineer <in> Copenhagen.', reCaptchaResponse: '' }),
    );
    expect(response.status).toBe(400);
    expect(html).toContain('value="Mads Berg"');
    expect(html).toContain('value="mads@aurora.test"');
    expect(html).toContain('A senior backend engineer &lt;in&gt; Copenhagen.</textarea>');
    expect(html).toContain('Please enter your startup&#x27;s name');
    expect(html).toContain('Please verify you are not a robot');
    expect(html).toContain('aria-invalid="true"');
  });

  it('says when the limit is reached, and keeps the message', async () => {
    const { response, html } = await serverRender(
      '/community-program',
      { 'POST contact': () => jsonAnswer({ message: 'Too many attempts. Please try again in 59 minutes.', code: 'E_RATE_LIMITED' }, 429) },
      formPost({ name: 'Ingrid Dahl', email: 'ingrid@founders.test', company: 'Bergen Founders', message: 'Forty startups in Bergen.', reCaptchaResponse: 'solved' }),
    );
    expect(response.status).toBe(429);
    expect(html).toContain('Too many attempts. Please try again in 59 minutes.');
    expect(html).toContain('value="Bergen Founders"');
  });
});

describe('the product pages on the server', () => {
  it('/startups/career-page shows the showcased career page live, the widget, and the setup steps', async () => {
    const { response, html } = await serverRender('/startups/career-page', showcase);
    expect(response.status).toBe(200);
    expect(html).toContain('<title>A career page on your own domain | Nordlys</title>');
    expect(html).toContain('https://careers.aurora.test');
    expect(html).toContain('Careers at Aurora Labs</h3>');
    expect(html).toContain(`href="/jobs/${frontendJob.id}"`);
    // The real widget, as a startup's page embeds it, and its job list page linked.
    expect(html).toContain('<nordlys-jobs company="aurora-labs" theme="light" layout="cards" limit="4"><a href="/startups/aurora-labs">All jobs at Aurora Labs</a></nordlys-jobs>');
    expect(html).toContain('<script async="" src="/embed/v1/jobs.js"></script>');
    expect(html).toContain('href="/startups/joblistwidget/aurora-labs"');
    expect(html).toContain('careers.yourstartup.com.  CNAME  your-startup.nordlys.test.');
    expect(html).toContain('&lt;script async src=&quot;http://nordlys.test/embed/v1/jobs.js&quot; data-company=&quot;aurora-labs&quot;&gt;&lt;/script&gt;');
    expect(html).toContain('href="/startups/join"');
    expect(html).toContain('href="/pricing"');
  });

  it('/startups/white-label-feed shows the showcased feed live with its jobs, and the setup steps', async () => {
    const { response, html, calls } = await serverRender('/startups/white-label-feed', showcase);
    expect(response.status).toBe(200);
    expect(html).toContain('<title>A white-label job feed on your domain | Nordlys</title>');
    expect(html).toContain('https://jobs.partner.test');
    expect(html).toContain('Partner Jobs</h3>');
    expect(html).toContain('12 jobs</h4>');
    expect(html).toContain('and 11 more');
    expect(html).toContain('jobs.yourfund.com.  CNAME  your-startup.nordlys.test.');
    // The feed's own filters select the jobs, as on its domain.
    expect(calls.find((c) => c.path === '/api/v2/jobs')?.query).toMatchObject({ countryCodes: 'DK', pageSize: '5' });
  });

  it('still serves both pages, with the steps, when there is nothing to show live', async () => {
    for (const path of ['/startups/career-page', '/startups/white-label-feed']) {
      const { response, html } = await serverRender(path, { 'GET showcase': () => jsonAnswer({ message: 'down' }, 500) });
      expect(response.status).toBe(200);
      expect(html).toContain('The live example cannot be shown right now.');
      expect(html).toContain('CNAME');
    }
  });
});
