import { BILLING_MESSAGES } from '@/lib/constants';
import { DEFAULT_RETURN_PATH, safeReturnPath } from '@/lib/safe-return';
import { AppError } from '../../http/errors';
import type { Site } from '../../http/site-origin';
import { paymentsProvider } from '../../providers/payments';
import { ensureCustomer, providerFailure } from './account';

/**
 * Where the provider's portal sends the user back: only a path of this site (lib/safe-return.ts),
 * on the origin the user is at (storage and the session are per origin), or on the allowed origin
 * the address names.
 */
function portalReturnUrl(returnUrl: string | undefined, site: Site): string {
  if (!returnUrl) return `${site.origin}${DEFAULT_RETURN_PATH}`;
  const path = safeReturnPath(returnUrl, site.origins);
  if (path === null) {
    throw new AppError(400, 'VALIDATION_ERROR', BILLING_MESSAGES.returnUrlNotOfSite, { details: [{ field: 'returnUrl', message: BILLING_MESSAGES.returnUrlNotOfSite }] });
  }
  return `${returnUrl.startsWith('/') ? site.origin : new URL(returnUrl).origin}${path}`;
}

/** A session of the payments provider's customer portal. */
export async function createPortalSession(userId: string, returnUrl: string | undefined, site: Site): Promise<{ url: string }> {
  const target = portalReturnUrl(returnUrl, site);
  const customerId = await ensureCustomer(userId).catch(providerFailure);
  const { url } = await paymentsProvider().createPortalSession(customerId, target).catch(providerFailure);
  return { url };
}
