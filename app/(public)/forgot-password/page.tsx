import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';

export const metadata = { title: 'Forgot password · Cadence' };

export default function ForgotPasswordPage() {
  return <ForgotPasswordForm />;
}
