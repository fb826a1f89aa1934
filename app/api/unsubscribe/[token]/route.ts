import * as contract from '@/lib/contract/unsubscribe';
import { UNSUBSCRIBE_PAGE_PATH } from '@/lib/unsubscribe';
import { route } from '@/server/http/route';
import { setSubscription } from '@/server/services/unsubscribe';

// A GET changes nothing: mail security scanners open every link of a message. The relative
// Location (RFC 9110) keeps the host the browser used, whatever proxy is in front.
export const GET = route(
  contract.unsubscribeLanding,
  async ({ params }) => new Response(null, { status: 303, headers: { Location: `${UNSUBSCRIBE_PAGE_PATH}/${encodeURIComponent(params.token)}` } }),
);

export const POST = route(contract.unsubscribeOneClick, async ({ params, info }) => setSubscription(params.token, false, info));
