/**
 * `/contact` (spec 2.1, issue #15): the contact form (name, e-mail, message, the sign-up's captcha),
 * mailed to the team through the queue by POST /contact; the sender sees a confirmation. A real form
 * POST to this page's action, so it works without JavaScript too. Beside it, the pages that answer
 * the common questions first.
 */
import { paths } from '@nordlys/sdk/routes';
import { useActionData, type ActionFunctionArgs } from 'react-router';
import { Link } from '../lib/Link';
import { ContactForm, contactAction, type ContactFormCopy } from '../components/ContactForm';
import type { RouteHandle } from '../meta';
import { useRootData } from '../root';

/** Nothing to load; the page's meta is read once its loader has answered. */
export async function loader(): Promise<{ ok: true }> {
  return { ok: true };
}

export const action = (args: ActionFunctionArgs) => contactAction(args, 'contact');

export const handle: RouteHandle<unknown> = {
  meta: ({ productName }) => ({
    title: 'Contact us',
    description: `Questions about posting jobs, your account or working with ${productName}? Write to the team: a person answers within two working days.`,
  }),
};

const COPY: ContactFormCopy = {
  label: 'Contact us',
  company: { label: 'Company or startup' },
  message: { label: 'Your message', hint: 'The more we know, the better the answer: a job link or your startup’s page helps.' },
  submit: 'Send message',
  sent: {
    title: 'Thank you, {name}',
    text: 'Your message is on its way to our team. We answer within two working days, by e-mail to {email}.',
  },
};

export function Component() {
  const { productName, auth } = useRootData();
  const result = useActionData<typeof action>();
  return (
    <div className="page container contact-page">
      <header className="page-head">
        <h1>Contact us</h1>
        <p className="page-head__lead">
          Questions about posting jobs, your account, or working with {productName}? Write to us: a person on the team reads every message and
          answers within two working days.
        </p>
      </header>
      <div className="contact-page__grid">
        <section className="contact-page__form" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Write to the team</h2>
          <ContactForm kind="contact" captcha={auth.captcha} copy={COPY} result={result} />
        </section>
        <aside className="contact-page__aside" aria-labelledby="contact-help-title">
          <h2 id="contact-help-title">Answers you may find faster</h2>
          <ul className="contact-links">
            <li>
              <Link to={paths.startupsFaq()}>Questions startups ask</Link>
              <span>Posting, approval, the applicant board, invoices.</span>
            </li>
            <li>
              <Link to={paths.pricing()}>Pricing</Link>
              <span>What a job post costs in your country.</span>
            </li>
            <li>
              <Link to={paths.headhunter()}>Help with a hard hire</Link>
              <span>A recruiter screens and grades your candidates for 12 weeks.</span>
            </li>
            <li>
              <Link to={paths.communityProgram()}>Community program</Link>
              <span>For accelerators, incubators and founder communities.</span>
            </li>
            <li>
              <Link to={paths.privacyPolicy()}>Your data</Link>
              <span>What we store, for how long, and how to have it deleted.</span>
            </li>
          </ul>
          <p className="contact-page__note">
            Applied for a job? Your application goes straight to the startup, and only its team can tell you where it stands. You can see
            your applications under <Link to={paths.myJobs('applied')}>My jobs</Link>.
          </p>
        </aside>
      </div>
    </div>
  );
}
