import * as contract from '@/lib/contract/billing';
import { STRIPE_WEBHOOK_MAX_BYTES } from '@/lib/constants';
import { payloadTooLarge, readLimitedBytes } from '@/server/http/body';
import { route } from '@/server/http/route';
import { handleStripeWebhook } from '@/server/services/billing/webhooks';

/** Stripe's events: the raw bytes, read with a cap, so the signature is checked over exactly what was sent. */
export const POST = route(contract.stripeWebhook, async ({ req }) => {
  const bytes = await readLimitedBytes(req, STRIPE_WEBHOOK_MAX_BYTES, () => payloadTooLarge(STRIPE_WEBHOOK_MAX_BYTES));
  return { received: true, ...(await handleStripeWebhook(bytes, req.headers.get('stripe-signature'))) };
});
