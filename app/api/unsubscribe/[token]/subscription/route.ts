import * as contract from '@/lib/contract/unsubscribe';
import { route } from '@/server/http/route';
import { getSubscription, setSubscription } from '@/server/services/unsubscribe';

export const GET = route(contract.getSubscription, async ({ params }) => getSubscription(params.token));

export const PUT = route(contract.updateSubscription, async ({ params, body, info }) => setSubscription(params.token, body.subscribed, info));
