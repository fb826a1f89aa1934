import { paymentMethodIdParamSchema } from '@/lib/schemas/billing';
import { route } from '@/server/http/route';
import { setDefaultPaymentMethod } from '@/server/services/billing';

export const POST = route({ auth: 'user', params: paymentMethodIdParamSchema }, ({ user, params }) => setDefaultPaymentMethod(user.id, params.id));
