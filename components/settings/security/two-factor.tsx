'use client';

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Loading } from '@/components/ui/spinner';
import { api, errorMessage } from '@/lib/api-client';
import { useProfile } from '../use-profile';
import { SECURITY_KEYS } from './api';
import { Badge } from './badge';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorDisableDialog } from './two-factor-disable-dialog';
import { TwoFactorSetup, type TwoFactorEnrolment } from './two-factor-setup';

type Step = { kind: 'idle' } | { kind: 'setup'; enrolment: TwoFactorEnrolment } | { kind: 'codes'; codes: string[] };

/** Settings → Security → Two-Factor Authentication: TOTP enrolment with recovery codes, and turning it off. */
export function TwoFactor() {
  const queryClient = useQueryClient();
  const { data: profile, isPending, isError, refetch, isFetching, patchProfile } = useProfile();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [starting, setStarting] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const enabled = profile?.twoFactorEnabled === true;

  const refreshLog = () => void queryClient.invalidateQueries({ queryKey: SECURITY_KEYS.logAll });

  const start = async () => {
    setStarting(true);
    try {
      setStep({ kind: 'setup', enrolment: await api.post<TwoFactorEnrolment>('/users/2fa/setup') });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to start two-factor set-up'));
    } finally {
      setStarting(false);
    }
  };

  const status = enabled ? (
    <Badge tone="success">
      <ShieldCheck className="h-3.5 w-3.5" aria-hidden /> On
    </Badge>
  ) : (
    <Badge>
      <ShieldOff className="h-3.5 w-3.5" aria-hidden /> Off
    </Badge>
  );

  return (
    <Card title="Two-Factor Authentication" description="Ask for a code from an authenticator app as well as your password when signing in." actions={profile && status}>
      {isPending ? (
        <Loading />
      ) : isError && !profile ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-300">
          <span>Could not load the two-factor status.</span>
          <Button type="button" variant="secondary" loading={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : step.kind === 'codes' ? (
        <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />
      ) : step.kind === 'setup' ? (
        <TwoFactorSetup
          enrolment={step.enrolment}
          onCancel={() => setStep({ kind: 'idle' })}
          onEnabled={(codes) => {
            patchProfile({ twoFactorEnabled: true });
            toast.success('Two-factor authentication is on');
            refreshLog();
            setStep({ kind: 'codes', codes });
          }}
        />
      ) : enabled ? (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-stone-600 dark:text-stone-300">
            Two-factor authentication is on. Signing in asks for a code from your authenticator app, or one of your recovery codes.
          </p>
          <Button type="button" variant="secondary" className="shrink-0" onClick={() => setDisabling(true)}>
            Turn off
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-stone-600 dark:text-stone-300">
            Two-factor authentication is off. Turn it on so a stolen password alone cannot open your account.
          </p>
          <Button type="button" className="shrink-0" loading={starting} onClick={() => void start()}>
            Set up
          </Button>
        </div>
      )}
      {disabling && (
        <TwoFactorDisableDialog
          onClose={() => setDisabling(false)}
          onDisabled={() => {
            setDisabling(false);
            patchProfile({ twoFactorEnabled: false });
            refreshLog();
          }}
        />
      )}
    </Card>
  );
}
