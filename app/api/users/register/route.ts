import * as contract from '@/lib/contract/auth';
import { route } from '@/server/http/route';
import * as auth from '@/server/services/auth';

export const POST = route(contract.register, async ({ body, info }) => ({
  success: true,
  message: 'Registration successful. Please check your email to verify your account.',
  user: await auth.register(body, info),
}));
