import * as contract from '@/lib/contract/checkins';
import { route } from '@/server/http/route';
import { previewCheckIn } from '@/server/services/engine/coach-actions';

export const POST = route(contract.previewCheckIn, async ({ user, body }) => ({ success: true, ...(await previewCheckIn(user, body)) }));
