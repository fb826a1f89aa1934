import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import { usageErrors } from '@/server/services/admin-usage';

export const GET = route(contract.usageErrors, ({ query }) => usageErrors(query));
