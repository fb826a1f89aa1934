import * as contract from '@/lib/contract/billing';
import { route } from '@/server/http/route';
import { currentSite } from '@/server/http/site-origin';
import { createPortalSession } from '@/server/services/billing/portal';

export const POST = route(contract.createPortalSession, ({ req, user, body }) => createPortalSession(user.id, body.returnUrl, currentSite(req.headers)));
