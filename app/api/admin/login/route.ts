import * as contract from '@/lib/contract/admin';
import { loginResponse } from '@/server/http/auth-responses';
import { route } from '@/server/http/route';
import * as auth from '@/server/services/auth';

/** Admin login (product §2.7, path: decision 0028): only role admin or super_admin gets a session. */
export const POST = route(contract.adminLogin, async ({ body, info }) => loginResponse(await auth.login(body, info, { adminOnly: true })));
