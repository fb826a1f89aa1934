import { RegisterForm } from '@/components/auth/register-form';

export const metadata = { title: 'Create account · Cadence' };

export default function RegisterPage() {
  return <RegisterForm />;
}
