/** Chooses the payment provider from the settings: Stripe Checkout when both keys are set, invoices otherwise. */
import type { Config } from '../config';
import { createInvoicePayments } from './invoice';
import type { Payments } from './provider';
import { createStripePayments } from './stripe';

export function createPayments(settings: Partial<Pick<Config, 'stripe'>>): Payments {
  return settings.stripe ? createStripePayments(settings.stripe) : createInvoicePayments();
}
