import * as contract from '@/lib/contract/billing';
import { route } from '@/server/http/route';
import { createSetupIntent } from '@/server/services/billing/payment-methods';

export const POST = route(contract.createSetupIntent, ({ user }) => createSetupIntent(user.id));
