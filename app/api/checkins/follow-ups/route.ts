import * as contract from '@/lib/contract/checkins';
import { route } from '@/server/http/route';
import { listFollowUpsForReview } from '@/server/services/engine/follow-ups';

export const GET = route(contract.followUpsForReview, async ({ user }) => ({ success: true, followUps: await listFollowUpsForReview(user) }));
