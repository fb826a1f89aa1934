export type { CheckInDto, CheckInPage } from '@/lib/schemas/checkins';
export type { ClientDto, WeekEntry } from '@/lib/schemas/clients';
export type { WeekDayStatus as WeekStatus } from '@/lib/schemas/clients';
export type { ClientGoal } from '@/lib/schemas/goals';
