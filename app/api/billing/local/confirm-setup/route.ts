import { localConfirmSetupSchema } from '@/lib/schemas/billing';
import { route } from '@/server/http/route';
import { confirmLocalCard } from '@/server/services/billing';

/** The local provider's stand-in for Stripe.js confirmCardSetup; answers 404 when Stripe is configured. */
export const POST = route({ auth: 'user', body: localConfirmSetupSchema }, ({ user, body }) => confirmLocalCard(user.id, body));
