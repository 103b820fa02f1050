/** Issue #15: the contact form and the service pages' request forms (POST /contact). */
import type { ContactAnswer, ContactRequest } from '../schemas/contact';
import type { Transport } from './transport';

export function contactApi(http: Transport) {
  return {
    /**
     * POST /contact: mails the message to the team, with the sender as Reply-To. 202 once it is
     * queued; 400 with field messages (a captcha that was not solved or was used already:
     * `reCaptchaResponse`); 429 with Retry-After when an address or network sent too many.
     * @example await api.contact.send({ kind: 'scout', name, email, company, message, reCaptchaResponse });
     */
    send: (payload: ContactRequest) => http.post('contact', { json: payload }).json<ContactAnswer>(),
  };
}
export type ContactApi = ReturnType<typeof contactApi>;
