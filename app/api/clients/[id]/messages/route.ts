import { CONVERSATION_TEXTS } from '@/lib/constants';
import * as contract from '@/lib/contract/clients';
import { route } from '@/server/http/route';
import { sendCoachMessage } from '@/server/services/engine/coach-message';

export const POST = route(contract.sendClientMessage, async ({ user, params, body }) => {
  const item = await sendCoachMessage(user, params.id, body.text);
  return { success: true, message: CONVERSATION_TEXTS.sent, item };
});
