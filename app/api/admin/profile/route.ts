import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import * as admins from '@/server/services/admin-accounts';

export const GET = route(contract.adminProfile, async ({ user }) => ({ success: true, ...admins.adminProfile(user) }));

export const PUT = route(contract.updateAdminProfile, async ({ user, body, info }) => ({ success: true, ...(await admins.updateAdminProfile(user, body, info)) }));
