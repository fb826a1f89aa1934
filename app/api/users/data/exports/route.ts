import * as contract from '@/lib/contract/account';
import { route } from '@/server/http/route';
import { listDataExports } from '@/server/services/data-export';

export const GET = route(contract.listDataExports, async ({ user }) => ({ exports: await listDataExports(user.id) }));
