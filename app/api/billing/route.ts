import * as contract from '@/lib/contract/billing';
import { route } from '@/server/http/route';
import { getBilling } from '@/server/services/billing/info';

export const GET = route(contract.getBilling, ({ user }) => getBilling(user.id));
