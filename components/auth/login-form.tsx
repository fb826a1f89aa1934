'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { api, ApiError } from '@/lib/api-client';
import { takeVerifiedEmail, type StoredUser } from '@/lib/auth-storage';
import { MESSAGES } from '@/lib/constants';
import { loginSchema, type LoginInput } from '@/lib/schemas/auth';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { AuthCard } from './auth-card';
import { useAuth } from './auth-provider';
import { TwoFactorStep } from './two-factor-step';

type Stage = 'form' | 'verification-needed' | 'resend-sent';

/** The verified / error / message parameters of the verification redirect (product §1.2 Login). */
function bannerFromQuery(params: URLSearchParams): { tone: 'success' | 'error'; text: string } | null {
  const message = params.get('message');
  if (!message && !params.get('verified') && !params.get('error')) return null;
  const failed = params.get('error') !== null && params.get('error') !== 'false';
  return { tone: failed ? 'error' : 'success', text: message ?? (failed ? MESSAGES.verificationFailed : 'Email verified. You can now sign in.') };
}

function loginErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403 && (error.body.actionRequired || error.body.requiredAction)) return MESSAGES.actionRequired;
    return error.body.message ?? error.body.error ?? MESSAGES.loginFailed;
  }
  return MESSAGES.loginFailed;
}

export function LoginForm() {
  const router = useRouter();
  const params = useSearchParams();
  const { login } = useAuth();
  const [stage, setStage] = useState<Stage>('form');
  const [banner, setBanner] = useState<{ tone: 'success' | 'error'; text: string } | null>(() => bannerFromQuery(params));
  const [verificationText, setVerificationText] = useState<string>(MESSAGES.emailNotVerified);
  const [resending, setResending] = useState(false);
  /** Set when the password was right and the account asks for its second factor. */
  const [twoFactorTicket, setTwoFactorTicket] = useState<string | null>(null);
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  // After verifying, the address is filled in and the password is what is left to type.
  useEffect(() => {
    const email = takeVerifiedEmail();
    if (!email) return;
    form.setValue('email', email);
    form.setFocus('password');
  }, [form]);

  // The banner is read from the query once, then the query string is cleared.
  useEffect(() => {
    if (params.size > 0) router.replace('/login');
  }, [params, router]);

  const signedIn = (user: StoredUser) => {
    toast.success(MESSAGES.loginSuccess);
    router.push(user.role === 'coach' ? '/dashboard' : '/admin-dashboard');
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      signedIn(await login(values.email, values.password));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED' && error.body.twoFactorToken) {
        setTwoFactorTicket(error.body.twoFactorToken);
        return;
      }
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
        setVerificationText(error.body.message ?? MESSAGES.emailNotVerified);
        setStage('verification-needed');
        return;
      }
      setBanner({ tone: 'error', text: loginErrorText(error) });
    }
  });

  const resend = async () => {
    const email = form.getValues('email').trim();
    if (!email) {
      setBanner({ tone: 'error', text: MESSAGES.resendEmailRequired });
      return;
    }
    setResending(true);
    try {
      await api.post('/users/resend-verification', { email });
      setStage('resend-sent');
      setBanner(null);
    } catch {
      setBanner({ tone: 'error', text: MESSAGES.resendFailed });
    } finally {
      setResending(false);
    }
  };

  if (twoFactorTicket) {
    return (
      <AuthCard title="Two-step verification" subtitle="One more step to sign in">
        <TwoFactorStep
          ticket={twoFactorTicket}
          onSignedIn={signedIn}
          onRestart={(message) => {
            setTwoFactorTicket(null);
            form.setValue('password', '');
            setBanner(message ? { tone: 'error', text: message } : null);
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Sign in to your account"
      subtitle="Coach your clients with AI check-ins"
      footer={
        <div className="space-y-2">
          <p>
            New to Cadence?{' '}
            <Link className="font-medium text-brand-700 hover:underline dark:text-brand-400" href="/register">
              Create an account
            </Link>
          </p>
          <p>
            <Link className="text-stone-500 hover:underline dark:text-stone-400" href="/admin-portal">
              Administrator sign-in
            </Link>
          </p>
        </div>
      }
    >
      {banner && (
        <Banner tone={banner.tone} className="mb-4">
          {banner.text}
        </Banner>
      )}
      {stage !== 'form' && (
        <div className="mb-4 space-y-3 rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" role="status">
          <p className="font-semibold">Email Verification Required</p>
          {stage === 'verification-needed' ? (
            <>
              <p>{verificationText}</p>
              <Button type="button" variant="secondary" onClick={resend} loading={resending}>
                Resend Verification Email
              </Button>
            </>
          ) : (
            <p>A new verification email is on its way. Open the link in it, then sign in.</p>
          )}
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field id="email" label="Email" error={errors.email?.message}>
          <Input id="email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...form.register('email')} />
        </Field>
        <Field id="password" label="Password" error={errors.password?.message}>
          <Input id="password" type="password" autoComplete="current-password" aria-invalid={!!errors.password} {...form.register('password')} />
        </Field>
        <div className="flex justify-end text-sm">
          <Link href="/forgot-password" className="text-brand-700 hover:underline dark:text-brand-400">
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={isSubmitting}>
          Sign in
        </Button>
      </form>
    </AuthCard>
  );
}
