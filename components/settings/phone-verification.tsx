'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { BadgeCheck, ShieldAlert } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { api, errorMessage } from '@/lib/api-client';
import { PHONE_VERIFICATION, PHONE_VERIFICATION_MESSAGES as M } from '@/lib/constants';
import { phoneCodeConfirmSchema, type PhoneCodeConfirmResponse, type PhoneCodeResponse } from '@/lib/schemas/account';
import { useProfile, type Profile } from './use-profile';

type Step = { kind: 'idle' } | { kind: 'sending' } | { kind: 'code'; sentTo: string } | { kind: 'confirming'; sentTo: string };

/**
 * Beside the phone field: proves the saved number is the coach's own by a texted code, so
 * notification SMS may go to it. `typedPhone` is what the field holds now; a number typed but not
 * saved cannot be verified yet. Rendered with the saved number as its key, so a saved change of
 * number starts over (the code was for the old one).
 */
export function PhoneVerification({ profile, typedPhone }: { profile: Profile; typedPhone: string }) {
  const { patchProfile } = useProfile();
  const codeId = useId();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const saved = profile.phone ?? '';
  const unsaved = typedPhone.replace(/[\s().-]/g, '') !== saved;

  useEffect(() => {
    if (step.kind === 'code') codeInput.current?.focus();
  }, [step.kind]);

  if (!saved) return null;
  if (profile.phoneVerified && !unsaved) {
    return (
      <p className="mt-1 flex items-center gap-2" data-testid="phone-verified">
        <Badge tone="green" className="gap-1">
          <BadgeCheck aria-hidden className="h-3.5 w-3.5" />
          Verified
        </Badge>
        <span className="text-xs text-stone-500 dark:text-stone-400">Notification texts can go to this number.</span>
      </p>
    );
  }
  if (unsaved) return <p className="mt-1 text-xs text-stone-500 dark:text-stone-400">{M.saveBeforeVerifying}</p>;

  const sendCode = async () => {
    setError(null);
    setStep({ kind: 'sending' });
    try {
      const answer = await api.post<PhoneCodeResponse>('/users/phone/verification');
      setCode('');
      setStep({ kind: 'code', sentTo: answer.phone });
      toast.success(answer.message);
    } catch (e) {
      setStep({ kind: 'idle' });
      setError(errorMessage(e, M.sendFailed));
    }
  };

  const confirm = async () => {
    if (step.kind !== 'code') return;
    const parsed = phoneCodeConfirmSchema.safeParse({ code });
    if (!parsed.success) {
      setError(M.codeRequired);
      codeInput.current?.focus();
      return;
    }
    setError(null);
    setStep({ kind: 'confirming', sentTo: step.sentTo });
    try {
      const answer = await api.post<PhoneCodeConfirmResponse>('/users/phone/verification/confirm', parsed.data);
      patchProfile({ phoneVerified: answer.phoneVerified });
      toast.success(answer.message);
      setStep({ kind: 'idle' });
    } catch (e) {
      const message = errorMessage(e, M.codeWrong);
      // A void code (expired, too many tries, number changed) needs a new one; a wrong one another try.
      const needsNewCode = message !== M.codeWrong;
      setError(message);
      setStep(needsNewCode ? { kind: 'idle' } : { kind: 'code', sentTo: step.sentTo });
      if (!needsNewCode) codeInput.current?.focus();
    }
  };

  const entering = step.kind === 'code' || step.kind === 'confirming';
  return (
    <div className="mt-2 space-y-2 rounded-md border border-amber-200 bg-amber-50/60 p-3 dark:border-amber-900 dark:bg-amber-950/30" data-testid="phone-verification">
      <p className="flex items-start gap-2 text-xs text-stone-700 dark:text-stone-300">
        <ShieldAlert aria-hidden className="mt-0.5 h-3.5 w-3.5 shrink-0 text-amber-700 dark:text-amber-400" />
        {entering ? `Enter the ${PHONE_VERIFICATION.codeLength}-digit code we texted to ${step.sentTo}.` : 'Not verified: notification texts go only to a verified number.'}
      </p>
      {entering ? (
        // Not a <form>: this sits inside the profile form, and forms cannot nest. Enter confirms the code.
        <div className="flex flex-wrap items-end gap-2">
          <div className="space-y-1">
            <label htmlFor={codeId} className="block text-xs font-medium text-stone-700 dark:text-stone-300">
              Verification code
            </label>
            <Input
              ref={codeInput}
              id={codeId}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={PHONE_VERIFICATION.codeLength}
              value={code}
              onChange={(e) => {
                setCode(e.target.value.replace(/\D/g, ''));
                if (error) setError(null);
              }}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                e.preventDefault();
                void confirm();
              }}
              aria-invalid={!!error}
              aria-describedby={error ? `${codeId}-error` : undefined}
              className="w-32 font-mono tracking-widest dark:text-stone-100"
            />
          </div>
          <Button type="button" onClick={confirm} loading={step.kind === 'confirming'}>
            Confirm
          </Button>
          <Button type="button" variant="ghost" onClick={sendCode} disabled={step.kind === 'confirming'}>
            Send a new code
          </Button>
        </div>
      ) : (
        <Button type="button" variant="secondary" onClick={sendCode} loading={step.kind === 'sending'}>
          Verify
        </Button>
      )}
      {error && (
        <p id={`${codeId}-error`} role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
