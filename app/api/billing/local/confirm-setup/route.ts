import * as contract from '@/lib/contract/billing';
import { route } from '@/server/http/route';
import { confirmLocalCard } from '@/server/services/billing/payment-methods';

/** The local provider's stand-in for Stripe.js confirmCardSetup; answers 404 when Stripe is configured. */
export const POST = route(contract.confirmLocalCard, ({ user, body }) => confirmLocalCard(user.id, body));
