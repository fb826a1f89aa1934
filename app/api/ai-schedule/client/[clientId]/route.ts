import * as contract from '@/lib/contract/schedules';
import { route } from '@/server/http/route';
import { clientAiSchedules } from '@/server/services/ai-schedules';

export const GET = route(contract.clientAiSchedules, async ({ user, params }) => ({ success: true, schedules: await clientAiSchedules(user, params.clientId) }));
