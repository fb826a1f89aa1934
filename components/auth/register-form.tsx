'use client';

import Link from 'next/link';
import { useState } from 'react';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { api, ApiError } from '@/lib/api-client';
import { MESSAGES } from '@/lib/constants';
import { DEFAULT_COUNTRY, toInternational, type CountryOption } from '@/lib/countries';
import { registerFormSchema, type RegisterInput } from '@/lib/schemas/auth';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Field, fieldMessages, Input } from '@/components/ui/field';
import { AuthCard } from './auth-card';
import { PasswordStrength } from './password-strength';
import { PhoneInput } from './phone-input';

type FormValues = z.input<typeof registerFormSchema>;

/** E.164 for the server: dial code and digits, without a trunk prefix typed out of habit (07911… after +44). */
function internationalNumber(country: CountryOption, national: string): string {
  return parsePhoneNumberFromString(national, country.iso)?.number ?? toInternational(country, national);
}

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'password'] as const;

export function RegisterForm() {
  const [country, setCountry] = useState<CountryOption>(DEFAULT_COUNTRY);
  const [done, setDone] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(registerFormSchema),
    // Every rule a field breaks is shown at once, not one per submit.
    criteriaMode: 'all',
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '', countryCode: DEFAULT_COUNTRY.dialCode },
  });
  const { errors, isSubmitting } = form.formState;
  const [password, email, firstName, lastName] = useWatch({ control: form.control, name: ['password', 'email', 'firstName', 'lastName'] });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    const payload: RegisterInput = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phone: internationalNumber(country, values.phone),
      password: values.password,
    };
    try {
      await api.post('/users/register', payload);
      setDone(payload.email.trim().toLowerCase());
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of FIELDS) {
          const message = error.fieldError(field);
          if (message) form.setError(field, { message });
        }
      }
      setServerError(error instanceof ApiError ? (error.body.message ?? MESSAGES.registerFailed) : MESSAGES.registerFailed);
    }
  });

  if (done) {
    return (
      <AuthCard title="Registration Successful">
        <div className="space-y-4 text-sm">
          <Banner tone="success">
            We sent a verification email to <strong>{done}</strong>. Open the link in it to activate your account.
          </Banner>
          <Link href="/login" className="block text-center font-medium text-brand-700 hover:underline dark:text-brand-400">
            Go to login
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your coaching account"
      footer={
        <p>
          Already have an account?{' '}
          <Link className="font-medium text-brand-700 hover:underline dark:text-brand-400" href="/login">
            Sign in
          </Link>
        </p>
      }
    >
      {serverError && (
        <Banner tone="error" className="mb-4">
          {serverError}
        </Banner>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid grid-cols-2 gap-3">
          <Field id="firstName" label="First name" error={fieldMessages(errors.firstName)}>
            <Input id="firstName" autoComplete="given-name" aria-invalid={!!errors.firstName} {...form.register('firstName')} />
          </Field>
          <Field id="lastName" label="Last name" error={fieldMessages(errors.lastName)}>
            <Input id="lastName" autoComplete="family-name" aria-invalid={!!errors.lastName} {...form.register('lastName')} />
          </Field>
        </div>
        <Field id="email" label="Email" error={fieldMessages(errors.email)}>
          <Input id="email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...form.register('email')} />
        </Field>
        <Field id="phone" label="Phone" error={fieldMessages(errors.phone)}>
          <Controller
            control={form.control}
            name="phone"
            render={({ field }) => (
              <PhoneInput
                id="phone"
                country={country}
                onCountryChange={(c) => {
                  setCountry(c);
                  form.setValue('countryCode', c.dialCode);
                }}
                value={field.value}
                onChange={field.onChange}
                invalid={!!errors.phone}
              />
            )}
          />
        </Field>
        <Field id="password" label="Password" error={fieldMessages(errors.password)} hint={<p className="text-xs text-stone-500 dark:text-stone-400">At least 8 characters, including a special character.</p>}>
          <Input id="password" type="password" autoComplete="new-password" aria-invalid={!!errors.password} {...form.register('password')} />
        </Field>
        <PasswordStrength password={password} owner={{ email, firstName, lastName }} fieldHasError={!!errors.password} />
        <Field id="confirmPassword" label="Confirm password" error={fieldMessages(errors.confirmPassword)}>
          <Input id="confirmPassword" type="password" autoComplete="new-password" aria-invalid={!!errors.confirmPassword} {...form.register('confirmPassword')} />
        </Field>
        <Button type="submit" className="w-full" loading={isSubmitting}>
          Create account
        </Button>
      </form>
    </AuthCard>
  );
}
