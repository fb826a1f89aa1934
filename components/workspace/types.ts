import type { CheckInDto, ClientDto } from '@/server/services/clients';
import type { listClientGoals } from '@/server/services/goals';

export type { CheckInDto, ClientDto };
export type WeekEntry = ClientDto['weeklyCheckIns'][number];
export type WeekStatus = WeekEntry['status'];
export type ClientGoal = Awaited<ReturnType<typeof listClientGoals>>['goals'][number];

export interface CheckInPage {
  checkIns: CheckInDto[];
  pagination: { page: number; limit: number; total: number; pages: number };
  executiveSummaries?: { id: string; summary: string | null; date: string }[];
}
