import { portalSchema } from '@/lib/schemas/billing';
import { route } from '@/server/http/route';
import { currentSite } from '@/server/http/site-origin';
import { createPortalSession } from '@/server/services/billing';

export const POST = route({ auth: 'user', body: portalSchema }, ({ req, user, body }) => createPortalSession(user.id, body.returnUrl, currentSite(req.headers)));
