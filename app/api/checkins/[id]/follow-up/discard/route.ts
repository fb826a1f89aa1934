import * as contract from '@/lib/contract/checkins';
import { route } from '@/server/http/route';
import { discardFollowUp } from '@/server/services/engine/follow-ups';

export const POST = route(contract.discardFollowUp, async ({ user, params }) => ({ success: true, message: 'Follow-up discarded', checkIn: await discardFollowUp(user, params.id) }));
