import { VerifyEmail } from '@/components/auth/verify-email';

export const metadata = { title: 'Verify email · Cadence' };

export default async function VerifyEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <VerifyEmail token={token} />;
}
