import * as contract from '@/lib/contract/system';
import { route } from '@/server/http/route';
import { health } from '@/server/services/health';

/** For load balancers and orchestrators (docs/operations.md): 200 when this instance reaches its database, 503 when not. */
export const GET = route(contract.health, () => health());
