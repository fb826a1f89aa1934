import { VerifyEmail } from '@/components/auth/verify-email';

/** A verification link that lost its token still lands on the login screen with a clear reason. */
export default function VerifyEmailWithoutToken() {
  return <VerifyEmail token="" />;
}
