/**
 * The check DigestSubscribe runs before POST /digest: the server's own DigestSubscriptionSchema, on the
 * body as it is sent. Its own module, loaded on the form's first use, so the home page and /jobs load
 * no valibot (#16).
 */
import { normalizeDigestSubscription, type DigestSubscriptionInput } from '@nordlys/sdk/api';
import { DigestSubscriptionSchema } from '@nordlys/sdk/schemas';
import { fieldErrorsOf, type FormErrors } from '../components/form/errors';

/** The field messages of a subscription, or null when the schema takes it. */
export function digestSubscriptionErrors(input: DigestSubscriptionInput): FormErrors | null {
  const checked = fieldErrorsOf(DigestSubscriptionSchema, normalizeDigestSubscription(input));
  return checked.ok ? null : checked.errors;
}
