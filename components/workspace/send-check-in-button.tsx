'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { Button, type ButtonProps } from '@/components/ui/button';
import { api, errorMessage } from '@/lib/api-client';
import type { CheckInChanged, CheckInDto } from '@/lib/schemas/checkins';

export const SEND_CHECK_IN_FAILED = 'Failed to send check-in';

export interface SendCheckInButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  clientId: string;
  /** One goal; without it the check-in covers every active goal of the client. */
  goalId?: string | null;
  label?: string;
  onSent?: (checkIn: CheckInDto) => void;
}

/**
 * Starts an AI check-in with the client now (POST /checkins/ai/initiate). The engine writes and
 * texts the message before answering, so the toast says whether it really went out.
 */
export function SendCheckInButton({ clientId, goalId, label = 'Send check-in', onSent, variant = 'secondary', ...props }: SendCheckInButtonProps) {
  const [sending, setSending] = useState(false);

  async function send() {
    if (!clientId) {
      toast.error('Client ID is missing. Please refresh the page.');
      return;
    }
    setSending(true);
    try {
      const result = await api.post<CheckInChanged>('/checkins/ai/initiate', { clientId, ...(goalId ? { goalId } : {}) });
      toast.success(result.message || 'Check-in sent');
      onSent?.(result.checkIn);
    } catch (error) {
      const detail = errorMessage(error, '');
      toast.error(SEND_CHECK_IN_FAILED, detail && detail !== SEND_CHECK_IN_FAILED ? { description: detail } : undefined);
    } finally {
      setSending(false);
    }
  }

  return (
    <Button type="button" variant={variant} loading={sending} onClick={() => void send()} {...props}>
      {sending ? 'Sending…' : label}
    </Button>
  );
}
