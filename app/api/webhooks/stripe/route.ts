import { route } from '@/server/http/route';
import { handleStripeWebhook } from '@/server/services/billing-webhooks';

/** Stripe's events; the raw body is read as text so its signature can be checked byte for byte. */
export const POST = route({ auth: 'public' }, async ({ req }) => handleStripeWebhook(await req.text(), req.headers.get('stripe-signature')));
