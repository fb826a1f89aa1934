import * as contract from '@/lib/contract/billing';
import { route } from '@/server/http/route';
import { validateDiscount } from '@/server/services/billing/discounts';

export const POST = route(contract.validateDiscount, async ({ body }) => ({ valid: true, ...(await validateDiscount(body.code, body.planId)) }));
