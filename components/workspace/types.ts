import type { CheckInDto, ClientDto } from '@/server/services/clients';

export type { CheckInDto, ClientDto };
export type WeekEntry = ClientDto['weeklyCheckIns'][number];
export type WeekStatus = WeekEntry['status'];
export type { ClientGoal } from '@/lib/schemas/goals';

export interface CheckInPage {
  checkIns: CheckInDto[];
  pagination: { page: number; limit: number; total: number; pages: number };
  executiveSummaries?: { id: string; summary: string | null; date: string }[];
}
