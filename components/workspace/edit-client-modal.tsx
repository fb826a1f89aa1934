'use client';

import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { ApiError, api, errorMessage } from '@/lib/api-client';
import { WORKSPACE_TOASTS } from '@/lib/constants';
import { updateClientSchema } from '@/lib/schemas/workspace';
import { notifySuccess } from './notify';
import { LanguageOptions } from './language';
import { TimezoneOptions } from './timezone-options';
import { ChannelFields } from './channel';
import type { ClientChanged, ClientDto } from '@/lib/schemas/clients';
import { storeClient } from './use-clients';

type FormInput = z.input<typeof updateClientSchema>;
type FormOutput = z.output<typeof updateClientSchema>;
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'timezone', 'language', 'channel', 'fallbackChannels'] as const;

/** Edit client (product §2.5): the phone is normalised to +1XXXXXXXXXX before it is saved. */
export function EditClientModal({ client, open, onClose }: { client: ClientDto; open: boolean; onClose(): void }) {
  return (
    <Modal open={open} onClose={onClose} title="Edit Client" size="lg">
      <EditClientForm client={client} onClose={onClose} />
    </Modal>
  );
}

function saveError(error: unknown, onlyTimezone: boolean): string {
  // A 403 that is not the anti-forgery check means the client is not the coach's to change (product §2.6).
  if (error instanceof ApiError && error.status === 403 && error.code !== 'CSRF_INVALID') return WORKSPACE_TOASTS.updateClientForbidden;
  // A save that changed nothing but the timezone failed as the spec's own timezone update (product §2.8).
  return errorMessage(error, onlyTimezone ? WORKSPACE_TOASTS.updateTimezoneFailed : WORKSPACE_TOASTS.updateClientFailed);
}

function EditClientForm({ client, onClose }: { client: ClientDto; onClose(): void }) {
  const queryClient = useQueryClient();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, control, setValue } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(updateClientSchema),
    defaultValues: {
      firstName: client.firstName,
      lastName: client.lastName,
      email: client.email ?? '',
      phone: client.phone ?? '',
      timezone: client.timezone,
      language: client.language,
      reviewFollowUps: client.reviewFollowUps,
      replyLinkInTexts: client.replyLinkInTexts,
      channel: client.channel,
      fallbackChannels: client.fallbackChannels,
    },
  });
  const reviewFollowUps = useWatch({ control, name: 'reviewFollowUps' }) ?? false;
  const replyLinkInTexts = useWatch({ control, name: 'replyLinkInTexts' }) ?? false;
  const channel = useWatch({ control, name: 'channel' }) ?? client.channel;
  const fallbackChannels = useWatch({ control, name: 'fallbackChannels' }) ?? client.fallbackChannels;
  const { errors, isSubmitting, dirtyFields } = formState;
  const invalid = (name: (typeof FIELDS)[number], hint?: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [errors[name] ? `edit-${name}-error` : null, hint].filter(Boolean).join(' ') || undefined,
  });

  const submit = handleSubmit(async (values) => {
    setSubmitError(null);
    try {
      const { client: saved } = await api.put<ClientChanged>(`/clients/${client.id}`, values);
      storeClient(queryClient, saved);
      notifySuccess(WORKSPACE_TOASTS.clientUpdated);
      onClose();
    } catch (error) {
      let placed = false;
      if (error instanceof ApiError) {
        for (const detail of error.body.details ?? []) {
          if ((FIELDS as readonly string[]).includes(detail.field)) {
            setError(detail.field as (typeof FIELDS)[number], { message: detail.message });
            placed = true;
          }
        }
      }
      const changed = Object.keys(dirtyFields);
      if (!placed) setSubmitError(saveError(error, changed.length === 1 && changed[0] === 'timezone'));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {submitError && <Banner tone="error">{submitError}</Banner>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="edit-firstName" label="First name" error={errors.firstName?.message}>
          <Input id="edit-firstName" autoComplete="off" data-autofocus {...register('firstName')} {...invalid('firstName')} />
        </Field>
        <Field id="edit-lastName" label="Last name" error={errors.lastName?.message}>
          <Input id="edit-lastName" autoComplete="off" {...register('lastName')} {...invalid('lastName')} />
        </Field>
        <Field id="edit-email" label="Email" error={errors.email?.message}>
          <Input id="edit-email" type="email" autoComplete="off" {...register('email')} {...invalid('email')} />
        </Field>
        <Field
          id="edit-phone"
          label="Phone"
          error={errors.phone?.message}
          hint={
            <p id="edit-phone-hint" className="text-xs text-stone-500 dark:text-stone-400">
              10 digits, or 11 starting with 1; saved as +1XXXXXXXXXX
            </p>
          }
        >
          <Input id="edit-phone" type="tel" autoComplete="off" {...register('phone')} {...invalid('phone', 'edit-phone-hint')} />
        </Field>
        <Field id="edit-timezone" label="Timezone" error={errors.timezone?.message}>
          <Select id="edit-timezone" {...register('timezone')}>
            <TimezoneOptions current={client.timezone} />
          </Select>
        </Field>
        <Field id="edit-language" label="Language of check-ins" error={errors.language?.message}>
          <Select id="edit-language" {...register('language')} {...invalid('language')}>
            <LanguageOptions />
          </Select>
        </Field>
      </div>
      <ChannelFields
        idPrefix="edit"
        channel={channel}
        fallbackChannels={fallbackChannels}
        error={errors.fallbackChannels?.message ?? errors.channel?.message}
        onChange={(v) => {
          setValue('channel', v.channel, { shouldDirty: true });
          setValue('fallbackChannels', v.fallbackChannels, { shouldDirty: true, shouldValidate: true });
        }}
      />
      <div className="rounded-md border border-stone-200 px-3 py-1 dark:border-stone-800">
        <Switch
          id="edit-reviewFollowUps"
          label="Review AI follow-ups before they are sent"
          description={`The AI's answer to ${client.firstName}'s replies waits in "Follow-ups to review" for you to approve, edit or discard. Off: it is sent at once.`}
          checked={reviewFollowUps}
          onChange={(on) => setValue('reviewFollowUps', on, { shouldDirty: true })}
        />
        {errors.reviewFollowUps?.message && (
          <p role="alert" className="pb-2 text-sm text-red-600 dark:text-red-400">
            {errors.reviewFollowUps.message}
          </p>
        )}
        <Switch
          id="edit-replyLinkInTexts"
          label="Add a reply link to texts"
          description={`Texted check-ins end with a link to a page where ${client.firstName} answers in one tap (a longer text). E-mailed check-ins always have it.`}
          checked={replyLinkInTexts}
          onChange={(on) => setValue('replyLinkInTexts', on, { shouldDirty: true })}
        />
        {errors.replyLinkInTexts?.message && (
          <p role="alert" className="pb-2 text-sm text-red-600 dark:text-red-400">
            {errors.replyLinkInTexts.message}
          </p>
        )}
      </div>
      <div className="flex justify-end gap-2 border-t border-stone-200 pt-5 dark:border-stone-800">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}
