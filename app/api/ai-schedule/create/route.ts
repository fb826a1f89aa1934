import * as contract from '@/lib/contract/schedules';
import { route } from '@/server/http/route';
import { createAiSchedule } from '@/server/services/ai-schedules';

export const POST = route(contract.createAiSchedule, ({ user, body }) => createAiSchedule(user, body));
