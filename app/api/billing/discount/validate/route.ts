import { discountValidateSchema } from '@/lib/schemas/billing';
import { route } from '@/server/http/route';
import { validateDiscount } from '@/server/services/billing';

export const POST = route({ auth: 'user', body: discountValidateSchema }, ({ body }) => validateDiscount(body.code, body.planId));
