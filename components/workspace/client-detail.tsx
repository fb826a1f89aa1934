'use client';

import { CHANNEL_LABELS } from '@/lib/channels';
import { ChannelLabel } from './channel';

import { useRef, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Archive, Camera, Clock, Languages, Mail, Pause, Pencil, Phone, Play, type LucideIcon } from 'lucide-react';
import { SendCheckInButton } from './send-check-in-button';
import { AiScheduleButton } from '@/components/workspace/ai-schedule/ai-schedule-button';
import { GoalsTab } from '@/components/workspace/goals/goals-tab';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Tabs } from '@/components/ui/tabs';
import { api, errorMessage } from '@/lib/api-client';
import { PROFILE_PIC_MAX_BYTES, WORKSPACE_TOASTS, WORKSPACE_VALIDATION as V } from '@/lib/constants';
import { LANGUAGE_NAMES } from '@/lib/languages';
import { timezoneLabel } from '@/lib/timezones';
import { ClientAvatar } from './client-avatar';
import { ConversationTab } from './conversation-tab';
import { EditClientModal } from './edit-client-modal';
import { FollowUpReview } from './follow-up-review';
import { formatPhone } from './format';
import { InsightsTab } from './insights-tab';
import { LanguageSuggestion } from './language-suggestion';
import { ScheduleButton } from './schedule-modal';
import { notifyError, notifySuccess } from './notify';
import { clientStatus } from './status';
import type { ClientChanged, ClientDto } from '@/lib/schemas/clients';
import { storeClient } from './use-clients';

const TABS = [
  { id: 'insights', label: 'Insights' },
  { id: 'goals', label: 'Goals' },
  { id: 'conversation', label: 'Conversation' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The selected client beside the list: header, actions and the Insights, Goals and Conversation tabs. */
/** An address given up on (decision 0085): the reason in words, and the way out (editing it clears the flag). */
function UnreachableBadge({ icon: Icon, text, onEdit }: { icon: LucideIcon; text: string; onEdit(): void }) {
  return (
    <li className="inline-flex items-center gap-1.5 rounded-full border border-red-200 bg-red-50 px-2.5 py-0.5 text-xs font-medium text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200">
      <AlertTriangle className="h-3.5 w-3.5 shrink-0" aria-hidden />
      <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden />
      <span>{text}</span>
      <button type="button" onClick={onEdit} className="ml-1 underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2">
        Edit
      </button>
    </li>
  );
}

/** A dialog of this client asked for from elsewhere (the command palette); `n` changes with each request. */
export interface ClientDialogRequest {
  dialog: 'send-check-in' | 'ai-schedule';
  n: number;
}

export function ClientDetail({ client, onArchived, request = null }: { client: ClientDto; onArchived(): void; request?: ClientDialogRequest | null }) {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabId>('insights');
  const [editing, setEditing] = useState(false);
  const [confirmArchive, setConfirmArchive] = useState(false);
  const [busy, setBusy] = useState<'hold' | 'archive' | 'picture' | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const status = clientStatus(client);

  const act = async (kind: 'hold' | 'archive', path: string, fallback: string, success: string) => {
    setBusy(kind);
    try {
      const { client: saved } = await api.post<ClientChanged>(`/coach/clients/${client.id}/${path}`);
      storeClient(queryClient, saved);
      notifySuccess(success);
      return saved;
    } catch (error) {
      notifyError(error, fallback);
      return null;
    } finally {
      setBusy(null);
    }
  };

  const toggleHold = () =>
    client.checkInsHeld
      ? act('hold', 'resume-checkins', WORKSPACE_TOASTS.resumeFailed, WORKSPACE_TOASTS.checkInsResumed)
      : act('hold', 'hold-checkins', WORKSPACE_TOASTS.holdFailed, WORKSPACE_TOASTS.checkInsPaused);

  const archive = async () => {
    const saved = await act('archive', 'archive', WORKSPACE_TOASTS.archiveFailed, WORKSPACE_TOASTS.clientArchived);
    setConfirmArchive(false);
    if (saved) onArchived();
  };

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return setPictureError(V.imageOnly);
    if (file.size > PROFILE_PIC_MAX_BYTES) return setPictureError(V.imageTooLarge);
    setPictureError(null);
    setBusy('picture');
    try {
      const form = new FormData();
      form.append('profilePic', file);
      const { client: saved } = await api.upload<ClientChanged>(`/clients/${client.id}/profile-pic`, form);
      storeClient(queryClient, saved);
      notifySuccess(WORKSPACE_TOASTS.pictureUpdated);
    } catch (error) {
      setPictureError(errorMessage(error, WORKSPACE_TOASTS.uploadPictureFailed));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="client-detail-name" className="rounded-xl border border-stone-200 bg-white shadow-sm dark:border-stone-800 dark:bg-stone-900">
      <div className="border-b border-stone-200 p-5 sm:p-6 dark:border-stone-800">
        {/* The actions sit under the name and details, or across the whole card on a phone. */}
        <div className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-4 gap-y-3">
          <div className="relative shrink-0">
            <ClientAvatar client={client} size="lg" label={client.profilePic ? `Profile picture of ${client.username}` : `Initials of ${client.username}`} />
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              disabled={busy === 'picture'}
              aria-label="Upload profile picture"
              title="Upload profile picture"
              className="absolute -right-1 -bottom-1 flex h-7 w-7 items-center justify-center rounded-full border border-stone-200 bg-white text-stone-600 shadow-sm hover:text-brand-700 disabled:opacity-60 dark:border-stone-700 dark:bg-stone-800 dark:text-stone-300"
            >
              {busy === 'picture' ? <span className="h-3.5 w-3.5 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden /> : <Camera className="h-3.5 w-3.5" aria-hidden />}
            </button>
            <input ref={fileInput} type="file" accept="image/*" className="hidden" aria-label="Profile picture file" onChange={(e) => void upload(e)} />
          </div>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="client-detail-name" className="truncate text-xl font-semibold">
                {client.username}
              </h2>
              <Badge tone={status.tone}>{status.label}</Badge>
              {client.reviewFollowUps && (
                <Badge tone="brand">
                  <span title="AI follow-ups wait for your review before they are sent">Follow-ups reviewed</span>
                </Badge>
              )}
            </div>
            {(client.emailUnreachable || client.phoneUnreachable) && (
              <ul className="mt-1.5 flex flex-wrap gap-2" aria-label="Unreachable addresses" data-testid="unreachable">
                {client.emailUnreachable && <UnreachableBadge icon={Mail} text={client.emailUnreachable} onEdit={() => setEditing(true)} />}
                {client.phoneUnreachable && <UnreachableBadge icon={Phone} text={client.phoneUnreachable} onEdit={() => setEditing(true)} />}
              </ul>
            )}
            <dl className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600 dark:text-stone-300">
              <div className="flex min-w-0 items-center gap-1.5">
                <dt className="sr-only">Email</dt>
                <dd className="flex min-w-0 items-center gap-1.5 truncate">
                  <Mail className="h-4 w-4 shrink-0 text-stone-500 dark:text-stone-400" aria-hidden />
                  <a href={`mailto:${client.email}`} title={client.email ?? undefined} className="min-w-0 truncate hover:text-brand-700 hover:underline dark:hover:text-brand-300">
                    {client.email}
                  </a>
                </dd>
              </div>
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">Channel</dt>
                <dd title={client.fallbackChannels.length ? `Fallback: ${client.fallbackChannels.map((c) => CHANNEL_LABELS[c]).join(', then ')}` : 'No fallback channel'}>
                  <ChannelLabel channel={client.channel} className="inline-flex items-center gap-1.5" />
                  {client.fallbackChannels.length > 0 && (
                    <span className="text-stone-500 dark:text-stone-400"> · fallback {client.fallbackChannels.map((c) => CHANNEL_LABELS[c]).join(', ')}</span>
                  )}
                </dd>
              </div>
              {client.phone && (
                <div className="flex items-center gap-1.5">
                  <dt className="sr-only">Phone</dt>
                  <dd className="flex items-center gap-1.5">
                    <Phone className="h-4 w-4 shrink-0 text-stone-500 dark:text-stone-400" aria-hidden />
                    <a href={`tel:${client.phone}`} className="hover:text-brand-700 hover:underline dark:hover:text-brand-300">
                      {formatPhone(client.phone)}
                    </a>
                  </dd>
                </div>
              )}
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">Timezone</dt>
                <dd className="flex items-center gap-1.5">
                  <Clock className="h-4 w-4 shrink-0 text-stone-500 dark:text-stone-400" aria-hidden />
                  {timezoneLabel(client.timezone)} <span className="text-stone-500 dark:text-stone-400">({client.timezone})</span>
                </dd>
              </div>
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">Language of check-ins</dt>
                <dd className="flex items-center gap-1.5" data-testid="client-language">
                  <Languages className="h-4 w-4 shrink-0 text-stone-500 dark:text-stone-400" aria-hidden />
                  Check-ins in {LANGUAGE_NAMES[client.language]}
                </dd>
              </div>
            </dl>
          </div>
          <div className="col-span-2 flex flex-wrap gap-2 sm:col-span-1 sm:col-start-2">
            <SendCheckInButton client={client} variant="primary" className="px-3 py-1.5" disabled={client.checkInsHeld} openRequest={request?.dialog === 'send-check-in' ? request.n : undefined} />
            <ScheduleButton client={client} className="px-3 py-1.5" />
            <Button variant="secondary" className="px-3 py-1.5" onClick={() => setEditing(true)}>
              <Pencil className="h-4 w-4" aria-hidden /> Edit
            </Button>
            <AiScheduleButton subject={{ clientId: client.id, firstName: client.firstName, timezone: client.timezone, goals: client.goals }} className="px-3 py-1.5" openRequest={request?.dialog === 'ai-schedule' ? request.n : undefined} />
            <Button variant="secondary" className="px-3 py-1.5" loading={busy === 'hold'} onClick={() => void toggleHold()}>
              {client.checkInsHeld ? <Play className="h-4 w-4" aria-hidden /> : <Pause className="h-4 w-4" aria-hidden />}
              {client.checkInsHeld ? 'Resume check-ins' : 'Hold check-ins'}
            </Button>
            <Button variant="secondary" className="px-3 py-1.5" onClick={() => setConfirmArchive(true)}>
              <Archive className="h-4 w-4" aria-hidden /> Archive
            </Button>
          </div>
        </div>
        <LanguageSuggestion client={client} />
        {pictureError && (
          <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
            {pictureError}
          </p>
        )}
        <div className="mt-4 empty:hidden">
          <FollowUpReview
            clientId={client.id}
            headingLevel="h3"
            emptyText={client.reviewFollowUps ? `No follow-ups waiting. The AI's answer to ${client.firstName}'s next reply appears here for you to approve, edit or discard.` : undefined}
          />
        </div>
      </div>
      <Tabs<TabId> label={`${client.username}: views`} tabs={TABS} active={tab} onChange={setTab} className="px-3 pt-3 pb-4 sm:px-6 sm:pb-6">
        {tab === 'insights' ? <InsightsTab client={client} /> : tab === 'goals' ? <GoalsTab client={client} /> : <ConversationTab client={client} />}
      </Tabs>
      <EditClientModal client={client} open={editing} onClose={() => setEditing(false)} />
      <ConfirmDialog open={confirmArchive} title={`Archive ${client.username}?`} confirmLabel="Archive" busy={busy === 'archive'} onConfirm={() => void archive()} onClose={() => setConfirmArchive(false)}>
        <p>Archived clients get no check-ins and leave the client list. You can bring them back from Archived Clients at any time.</p>
      </ConfirmDialog>
    </section>
  );
}
