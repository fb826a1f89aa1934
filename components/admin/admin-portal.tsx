'use client';

import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { AuthCard } from '@/components/auth/auth-card';
import { useAuth } from '@/components/auth/auth-provider';
import { VerifyingScreen } from '@/components/auth/protected';
import { TwoFactorStep } from '@/components/auth/two-factor-step';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import type { StoredUser } from '@/lib/auth-storage';
import { ADMIN_HOME } from '@/lib/admin-views';
import { ADMIN_MESSAGES } from '@/lib/constants';
import { loginSchema, type LoginInput } from '@/lib/schemas/auth';

const isAdminRole = (user: StoredUser | null) => user?.role === 'admin' || user?.role === 'super_admin';

function PortalLogin({ onAttempt, onSignedIn }: { onAttempt(): void; onSignedIn(user: StoredUser): void }) {
  const router = useRouter();
  const { adminLogin } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [ticket, setTicket] = useState<string | null>(null);
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    onAttempt();
    try {
      onSignedIn(await adminLogin(email, password));
    } catch (e) {
      if (e instanceof ApiError && e.code === 'TWO_FACTOR_REQUIRED' && e.body.twoFactorToken) {
        setTicket(e.body.twoFactorToken);
        return;
      }
      setError(e instanceof ApiError ? (e.body.message ?? ADMIN_MESSAGES.loginFailed) : ADMIN_MESSAGES.loginFailed);
    }
  });

  return (
    <AuthCard
      title={ADMIN_MESSAGES.portalTitle}
      subtitle="Sign in with your administrator account"
      footer={
        <Button type="button" variant="secondary" onClick={() => router.push('/login')}>
          {ADMIN_MESSAGES.returnToLogin}
        </Button>
      }
    >
      {error && (
        <Banner tone="error" className="mb-4">
          {error}
        </Banner>
      )}
      {ticket ? (
        <TwoFactorStep
          ticket={ticket}
          onSignedIn={onSignedIn}
          onRestart={(message) => {
            setTicket(null);
            form.setValue('password', '');
            setError(message || null);
          }}
        />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field id="admin-email" label="Email" error={errors.email?.message}>
            <Input id="admin-email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...form.register('email')} />
          </Field>
          <Field id="admin-password" label="Password" error={errors.password?.message}>
            <Input id="admin-password" type="password" autoComplete="current-password" aria-invalid={!!errors.password} {...form.register('password')} />
          </Field>
          <Button type="submit" className="w-full" loading={isSubmitting}>
            Sign in
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

/**
 * /admin-portal: the administrators' sign-in (product §2.2.4). Signed in, here or before, the admin
 * goes on to the admin shell at /admin-dashboard, which holds the portal's views (decision 0098).
 */
export function AdminPortal() {
  const router = useRouter();
  const { user, loading, logout } = useAuth();
  const [signedInHere, setSignedInHere] = useState(false);
  /** Set once this page's form is submitted: from then on the sign-in's own state changes are not an arrival. */
  const [attempted, setAttempted] = useState(false);
  const arrivedAsAdmin = !attempted && !loading && isAdminRole(user);
  const leaving = arrivedAsAdmin || (signedInHere && isAdminRole(user));

  useEffect(() => {
    // Replace: Back from the shell should not land on a sign-in form that only sends the admin on again.
    if (leaving) router.replace(ADMIN_HOME);
  }, [leaving, router]);

  if ((loading && !attempted) || leaving) return <VerifyingScreen />;
  return (
    <PortalLogin
      onAttempt={() => setAttempted(true)}
      onSignedIn={(u) => {
        if (!isAdminRole(u)) {
          toast.error(ADMIN_MESSAGES.accessDenied);
          void logout('/admin-portal');
          return;
        }
        setSignedInHere(true);
      }}
    />
  );
}
