import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import { management } from '@/server/services/admin-accounts';

export const GET = route(contract.adminManagement, () => management());
