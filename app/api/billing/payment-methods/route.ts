import { addPaymentMethodSchema } from '@/lib/schemas/billing';
import { route } from '@/server/http/route';
import { addPaymentMethod, listPaymentMethods } from '@/server/services/billing';

export const GET = route({ auth: 'user' }, ({ user }) => listPaymentMethods(user.id));

export const POST = route({ auth: 'user', body: addPaymentMethodSchema }, ({ user, body, info }) => addPaymentMethod(user, body, info));
