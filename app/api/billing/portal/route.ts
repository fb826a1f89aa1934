import { portalSchema } from '@/lib/schemas/billing';
import { route } from '@/server/http/route';
import { createPortalSession } from '@/server/services/billing';

export const POST = route({ auth: 'user', body: portalSchema }, ({ user, body }) => createPortalSession(user.id, body.returnUrl));
