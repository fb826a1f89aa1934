import { config } from '../../config';
import { slotOrCreate } from '../../runtime';
import { localPaymentsProvider } from './local';
import { stripePaymentsProvider } from './stripe';
import type { PaymentsProvider } from './types';

export * from './types';

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the local provider that simulates it in the database; one per process. */
export function paymentsProvider(): PaymentsProvider {
  return slotOrCreate('payments', () => (config().STRIPE_SECRET_KEY ? stripePaymentsProvider() : localPaymentsProvider()));
}

export const paymentsMode = (): 'stripe' | 'local' => (config().STRIPE_SECRET_KEY ? 'stripe' : 'local');
