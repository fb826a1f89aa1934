import * as contract from '@/lib/contract/auth';
import { route } from '@/server/http/route';
import { toPublicUser } from '@/server/services/users';

export const GET = route(contract.validateToken, async ({ user }) => ({ valid: true, user: toPublicUser(user) }));
