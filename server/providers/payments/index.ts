import { config } from '../../config';
import { localPaymentsProvider } from './local';
import { stripePaymentsProvider } from './stripe';
import type { PaymentsProvider } from './types';

export * from './types';

const holder = globalThis as unknown as { cadencePayments?: PaymentsProvider };

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the local provider that simulates it in the database. */
export function paymentsProvider(): PaymentsProvider {
  holder.cadencePayments ??= config().STRIPE_SECRET_KEY ? stripePaymentsProvider() : localPaymentsProvider();
  return holder.cadencePayments;
}

export const paymentsMode = (): 'stripe' | 'local' => (config().STRIPE_SECRET_KEY ? 'stripe' : 'local');
