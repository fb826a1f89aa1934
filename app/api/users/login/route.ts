import * as contract from '@/lib/contract/auth';
import { loginResponse } from '@/server/http/auth-responses';
import { route } from '@/server/http/route';
import * as auth from '@/server/services/auth';

export const POST = route(contract.login, async ({ body, info }) => loginResponse(await auth.login(body, info)));
