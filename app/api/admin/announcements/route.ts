import * as contract from '@/lib/contract/admin';
import { ANNOUNCEMENT_TEXTS } from '@/lib/announcements';
import { route } from '@/server/http/route';
import { createAnnouncement, listAnnouncements } from '@/server/services/announcements';

export const GET = route(contract.listAnnouncements, async () => ({ announcements: await listAnnouncements() }));

export const POST = route(contract.createAnnouncement, async ({ user, body, info }) => ({
  success: true,
  message: ANNOUNCEMENT_TEXTS.queued,
  announcement: await createAnnouncement(user, body, info),
}));
