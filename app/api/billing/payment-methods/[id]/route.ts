import { paymentMethodIdParamSchema } from '@/lib/schemas/billing';
import { route } from '@/server/http/route';
import { removePaymentMethod } from '@/server/services/billing';

export const DELETE = route({ auth: 'user', params: paymentMethodIdParamSchema }, ({ user, params, info }) => removePaymentMethod(user, params.id, info));
