import * as contract from '@/lib/contract/account';
import { route } from '@/server/http/route';
import { beginSetup } from '@/server/services/two-factor';

export const POST = route(contract.beginTwoFactorSetup, ({ user }) => beginSetup(user));
