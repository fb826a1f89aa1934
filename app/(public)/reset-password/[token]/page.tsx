import { ResetPasswordForm } from '@/components/auth/reset-password-form';

export const metadata = { title: 'Reset password · Cadence' };

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <ResetPasswordForm token={token} />;
}
