import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import { countRecipients } from '@/server/services/announcements';

export const GET = route(contract.announcementRecipients, async ({ query }) => ({ kind: query.kind, recipients: await countRecipients(query.kind) }));
