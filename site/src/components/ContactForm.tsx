/**
 * The contact form of /contact and the request forms of /scout, /headhunter and /community-program
 * (issue #15): name, e-mail, the startup or community, the message and the sign-up's captcha, sent
 * to POST /contact by the page's route action. It is a real form POST, so it works without
 * JavaScript (the server runs the action and renders the answer); with JavaScript the router sends
 * it without a reload. Either way what was typed stays through a failure, each field shows the
 * server's message, and a sent message shows a confirmation.
 */
import { isApiError } from '@nordlys/sdk/api';
import {
  CONTACT_LIMITS,
  ContactRequestSchema,
  needsOrganisation,
  type CaptchaSettings,
  type ContactKind,
} from '@nordlys/sdk/schemas';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { data, Form, useNavigation, type ActionFunctionArgs } from 'react-router';
import { apiFrom } from '../api';
import { domId } from '../lib/domId';
import { Captcha, type CaptchaHandle } from '../modals/Captcha';
import { FormErrorSummary, TextArea, TextField } from './form';
import { failureMessage, fieldErrorsOf, serverFieldErrors, type FormErrors } from './form/errors';

/** What the visitor types (the captcha's answer is apart: it is never kept). */
export interface ContactValues {
  name: string;
  email: string;
  company: string;
  message: string;
}

const EMPTY: ContactValues = { name: '', email: '', company: '', message: '' };
const FIELDS = ['name', 'email', 'company', 'message', 'reCaptchaResponse'] as const;
type ContactField = (typeof FIELDS)[number];

/** The action's answer: sent, or what was typed with the messages to show. */
export type ContactActionResult =
  | { ok: true; name: string; email: string }
  | { ok: false; values: ContactValues; errors: FormErrors; message: string | null };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * The route action of a page with the form: reads the posted fields, sends them as `kind`, and
 * answers what the form shows next. A refusal keeps the typed values and answers the server's status
 * (400, 429, 503), so a page rendered without JavaScript carries it too.
 * @example export const action = (args: ActionFunctionArgs) => contactAction(args, 'contact');
 */
export async function contactAction({ request, context }: ActionFunctionArgs, kind: ContactKind) {
  const form = await request.formData();
  const values: ContactValues = { name: text(form, 'name'), email: text(form, 'email'), company: text(form, 'company'), message: text(form, 'message') };
  try {
    await apiFrom(context).contact.send({
      kind,
      name: values.name,
      email: values.email,
      ...(values.company.trim() ? { company: values.company } : {}),
      message: values.message,
      reCaptchaResponse: text(form, 'reCaptchaResponse'),
    });
    return { ok: true, name: values.name.trim(), email: values.email.trim() } satisfies ContactActionResult;
  } catch (error) {
    const errors = serverFieldErrors(error) ?? {};
    // Field messages speak for themselves; anything else (429, 503, no answer) is said above the form.
    const message = Object.keys(errors).length > 0 ? null : failureMessage(error, 'Your message could not be sent. Please try again.');
    const status = isApiError(error) && error.status >= 400 ? error.status : 503;
    return data({ ok: false, values, errors, message } satisfies ContactActionResult, { status });
  }
}

export interface ContactFormCopy {
  /** The form's accessible name, e.g. 'Contact us'. */
  label: string;
  /** The company field's label and hint (the form asks for it only when the kind needs it, else it is optional). */
  company: { label: string; hint?: string };
  message: { label: string; hint: string };
  submit: string;
  /** The confirmation's heading and text; `{name}` and `{email}` are filled in. */
  sent: { title: string; text: string };
}

export interface ContactFormProps {
  kind: ContactKind;
  captcha: CaptchaSettings;
  copy: ContactFormCopy;
  /** The page action's last answer (useActionData). */
  result: ContactActionResult | undefined;
}

const fill = (template: string, result: { name: string; email: string }) =>
  template.replaceAll('{name}', result.name).replaceAll('{email}', result.email);

/** The field's id in the form (the summary's links and the first-invalid focus go there). */
const fieldId = (prefix: string, field: ContactField) => domId(prefix, field);

export function ContactForm({ kind, captcha, copy, result }: ContactFormProps) {
  // Once per page (contact, a service's page).
  const prefix = domId('contact-form');
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  const [values, setValues] = useState<ContactValues>(() => (result && !result.ok ? result.values : EMPTY));
  const [token, setToken] = useState('');
  const [errors, setErrors] = useState<FormErrors>(() => (result && !result.ok ? result.errors : {}));
  const [alert, setAlert] = useState<string | null>(() => (result && !result.ok ? result.message : null));
  // The confirmation shows for this answer until "Send another message".
  const [dismissed, setDismissed] = useState<ContactActionResult | undefined>(undefined);
  const captchaRef = useRef<CaptchaHandle>(null);
  const sentRef = useRef<HTMLHeadingElement>(null);
  const organisation = needsOrganisation(kind);

  // Each answer of the action: a refusal shows its messages (the captcha answer was used: a new one is
  // needed); a success clears the form. Also on the first render after a POST without JavaScript.
  useEffect(() => {
    if (!result) return;
    captchaRef.current?.reset();
    if (result.ok) {
      setValues(EMPTY);
      setErrors({});
      setAlert(null);
      sentRef.current?.focus();
      return;
    }
    setErrors(result.errors);
    setAlert(result.message);
    focusFirst(result.errors);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer of the action
  }, [result]);

  function focusFirst(found: FormErrors) {
    const first = FIELDS.find((field) => found[field]);
    if (first === 'reCaptchaResponse') captchaRef.current?.focus();
    else if (first) document.getElementById(fieldId(prefix, first))?.focus();
  }

  const set = (field: keyof ContactValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A field's message goes as soon as it is changed; it comes back on the next submit if still due.
    setErrors((current) => (current[field] ? Object.fromEntries(Object.entries(current).filter(([key]) => key !== field)) : current));
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // spec 5: submit is ignored while a request runs.
    if (busy) {
      event.preventDefault();
      return;
    }
    const checked = fieldErrorsOf(ContactRequestSchema, {
      kind,
      name: values.name,
      email: values.email,
      ...(values.company.trim() ? { company: values.company } : {}),
      message: values.message,
      reCaptchaResponse: token,
    });
    if (!checked.ok) {
      // Checked here first, with the server's own rules: no request for what it would refuse.
      event.preventDefault();
      setErrors(checked.errors);
      setAlert(null);
      focusFirst(checked.errors);
    }
  }

  if (result?.ok && dismissed !== result) {
    return (
      <div className="contact-form contact-form--sent" role="status">
        <h2 className="contact-form__sent-title" tabIndex={-1} ref={sentRef}>
          {fill(copy.sent.title, result)}
        </h2>
        <p>{fill(copy.sent.text, result)}</p>
        <p>
          <button type="button" className="button button--ghost" onClick={() => setDismissed(result)}>
            Send another message
          </button>
        </p>
      </div>
    );
  }

  const summary = FIELDS.flatMap((field) => (errors[field] ? [{ id: fieldId(prefix, field), message: errors[field]! }] : []));
  return (
    <Form method="post" className="contact-form" noValidate aria-label={copy.label} onSubmit={onSubmit}>
      <FormErrorSummary items={summary} message={alert} />
      <div className="contact-form__row">
        <TextField
          id={fieldId(prefix, 'name')}
          name="name"
          label="Your name"
          autoComplete="name"
          required
          maxLength={CONTACT_LIMITS.nameMax}
          value={values.name}
          onChange={set('name')}
          error={errors.name}
        />
        <TextField
          id={fieldId(prefix, 'email')}
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={CONTACT_LIMITS.emailMax}
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
      </div>
      <TextField
        id={fieldId(prefix, 'company')}
        name="company"
        label={organisation ? copy.company.label : `${copy.company.label} (optional)`}
        autoComplete="organization"
        required={organisation}
        maxLength={CONTACT_LIMITS.companyMax}
        hint={copy.company.hint}
        value={values.company}
        onChange={set('company')}
        error={errors.company}
      />
      <TextArea
        id={fieldId(prefix, 'message')}
        name="message"
        label={copy.message.label}
        hint={copy.message.hint}
        required
        rows={6}
        maxLength={CONTACT_LIMITS.messageMax}
        value={values.message}
        onChange={set('message')}
        error={errors.message}
      />
      <Captcha
        id={fieldId(prefix, 'reCaptchaResponse')}
        ref={captchaRef}
        settings={captcha}
        onChange={(answer) => {
          setToken(answer);
          setErrors((current) => (answer && current.reCaptchaResponse ? Object.fromEntries(Object.entries(current).filter(([key]) => key !== 'reCaptchaResponse')) : current));
        }}
        error={errors.reCaptchaResponse}
      />
      <noscript>
        <p className="form-hint contact-form__noscript">
          The check that you are not a robot needs JavaScript. Turn JavaScript on to send this form; what you typed stays.
        </p>
      </noscript>
      <input type="hidden" name="reCaptchaResponse" value={token} />
      <p className="contact-form__actions">
        <button type="submit" className="button button--primary button--large" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
          {busy ? (
            <>
              <span className="spinner" aria-hidden="true" />
              Sending…
            </>
          ) : (
            copy.submit
          )}
        </button>
      </p>
    </Form>
  );
}
