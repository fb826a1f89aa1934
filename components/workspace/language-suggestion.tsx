'use client';

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Languages } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { LANGUAGE_NAMES } from '@/lib/languages';
import type { ClientChanged, ClientDto } from '@/lib/schemas/clients';
import { notifyError, notifySuccess } from './notify';
import { storeClient } from './use-clients';

/**
 * "Quinn seems to write in Spanish — switch check-ins to Spanish?": a language detected in two replies
 * in a row, never switched without the coach (decision 0086).
 */
export function LanguageSuggestion({ client }: { client: ClientDto }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'switch' | 'keep' | null>(null);
  const suggested = client.suggestedLanguage;
  if (!suggested) return null;
  const proposed = LANGUAGE_NAMES[suggested];
  const current = LANGUAGE_NAMES[client.language];

  const answer = async (choice: 'switch' | 'keep') => {
    setBusy(choice);
    try {
      const { client: saved } = await api.post<ClientChanged>(`/coach/clients/${client.id}/language-suggestion`, { switch: choice === 'switch' });
      storeClient(queryClient, saved);
      notifySuccess(choice === 'switch' ? `Check-ins to ${client.firstName} are now written in ${proposed}` : `Check-ins to ${client.firstName} stay in ${current}`);
    } catch (error) {
      notifyError(error, 'Could not save your answer. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      aria-labelledby="language-suggestion-text"
      className="mt-4 flex flex-col gap-3 rounded-md border border-brand-200 bg-brand-50 p-3 text-sm sm:flex-row sm:items-center sm:justify-between dark:border-brand-500/30 dark:bg-brand-500/10"
    >
      <p id="language-suggestion-text" className="flex items-start gap-2 text-stone-800 dark:text-stone-100">
        <Languages className="mt-0.5 h-4 w-4 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden />
        <span>
          {client.firstName} seems to write in {proposed} — switch check-ins to {proposed}?
        </span>
      </p>
      <div className="flex shrink-0 gap-2">
        <Button variant="primary" className="px-3 py-1.5" loading={busy === 'switch'} disabled={busy !== null} onClick={() => void answer('switch')}>
          Switch
        </Button>
        <Button variant="secondary" className="px-3 py-1.5" loading={busy === 'keep'} disabled={busy !== null} onClick={() => void answer('keep')}>
          Keep {current}
        </Button>
      </div>
    </section>
  );
}
