import * as contract from '@/lib/contract/reply';
import { route } from '@/server/http/route';
import { getReplyPage, postReply } from '@/server/services/engine/reply-page';

export const GET = route(contract.getReplyPage, async ({ params }) => getReplyPage(params.token));

export const POST = route(contract.postReply, async ({ params, body, info }) => postReply(params.token, body, info.ip));
