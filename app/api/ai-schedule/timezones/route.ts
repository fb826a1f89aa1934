import * as contract from '@/lib/contract/schedules';
import { SETTINGS_TIMEZONES, offsetMinutes } from '@/lib/timezones';
import { route } from '@/server/http/route';

/** Offsets are computed for today, so they follow daylight saving time. */
export const GET = route(contract.timezones, async () => ({
  timezones: SETTINGS_TIMEZONES.map((z) => ({ value: z.value, label: z.label, offset: offsetMinutes(z.value) })),
}));
