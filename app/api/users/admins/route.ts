import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import { listAdmins } from '@/server/services/admin-accounts';

/** Product §2.7: an array of admins. */
export const GET = route(contract.listAdmins, () => listAdmins());
