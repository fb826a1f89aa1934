'use client';

import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useProfileTime } from '@/components/time/use-profile-time';
import { ANNOUNCEMENT_KIND_LABELS, ANNOUNCEMENT_KIND_SETTINGS, ANNOUNCEMENT_KINDS, ANNOUNCEMENT_LIMITS as L, type AnnouncementKind } from '@/lib/announcements';
import { ApiError } from '@/lib/api-client';
import { newAnnouncementSchema, type Announcement, type AnnouncementsAnswer } from '@/lib/schemas/announcements';
import { adminApi } from '../admin-api';
import { formatCount } from '../format';
import { Badge, DataTable, EmptyState, Section } from '../ui';

type Errors = Partial<Record<'subject' | 'body', string>>;

const serverText = (error: unknown) => (error instanceof ApiError ? (error.body.details?.[0]?.message ?? error.body.message ?? error.message) : 'The server could not be reached.');

/**
 * Admin → Announcements (issue 18 item 7, decision 0092): write a marketing e-mail or a breaking
 * news push, review how many coaches it reaches, confirm, and watch the job send it.
 */
export function AnnouncementsView({ data, onSent }: { data: AnnouncementsAnswer | null; onSent(): void }) {
  const id = useId();
  const time = useProfileTime();
  const [kind, setKind] = useState<AnnouncementKind>('marketing');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [reviewing, setReviewing] = useState(false);
  const [recipients, setRecipients] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const bodyMax = kind === 'breaking_news' ? L.breakingNewsBodyMax : L.bodyMax;

  const review = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = newAnnouncementSchema.safeParse({ kind, subject, body, confirmedRecipients: 0 });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'subject' || field === 'body') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setReviewing(true);
    try {
      setRecipients((await adminApi.announcementRecipients(kind)).recipients);
    } catch (error) {
      toast.error(`Could not count the recipients: ${serverText(error)}`);
      setReviewing(false);
    }
  };

  const close = () => {
    setReviewing(false);
    setRecipients(null);
  };

  const send = async () => {
    if (recipients === null) return;
    setSending(true);
    try {
      const res = await adminApi.sendAnnouncement({ kind, subject, body, confirmedRecipients: recipients });
      toast.success(res.message);
      setSubject('');
      setBody('');
      close();
      onSent();
    } catch (error) {
      // A changed count: show the new one and ask again rather than send to a number nobody saw.
      const fresh = error instanceof ApiError ? (error.body as { recipients?: unknown }).recipients : undefined;
      if (typeof fresh === 'number') setRecipients(fresh);
      else close();
      toast.error(`Failed to send the announcement: ${serverText(error)}`);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="space-y-6">
      <Section title="New announcement" description="Reaches only the coaches who switched this kind on in their notification settings.">
        <form onSubmit={(e) => void review(e)} noValidate className="max-w-2xl space-y-4">
          <Field id={`${id}-kind`} label="Kind" hint={<p className="text-xs text-stone-500 dark:text-stone-400">Sent to coaches with {ANNOUNCEMENT_KIND_SETTINGS[kind]} on.</p>}>
            <Select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as AnnouncementKind)}>
              {ANNOUNCEMENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {ANNOUNCEMENT_KIND_LABELS[k]}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-subject`} label={kind === 'marketing' ? 'Subject' : 'Headline'} error={errors.subject}>
            <Input
              id={`${id}-subject`}
              value={subject}
              maxLength={L.subjectMax}
              onChange={(e) => setSubject(e.target.value)}
              aria-invalid={Boolean(errors.subject)}
              aria-describedby={errors.subject ? `${id}-subject-error` : undefined}
            />
          </Field>
          <Field
            id={`${id}-body`}
            label="Message"
            error={errors.body}
            hint={
              <p className="text-xs text-stone-500 dark:text-stone-400">
                {body.length} / {bodyMax} characters{kind === 'marketing' ? ' · an unsubscribe link is added at the bottom' : ''}
              </p>
            }
          >
            <Textarea
              id={`${id}-body`}
              rows={kind === 'marketing' ? 8 : 3}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              aria-invalid={Boolean(errors.body)}
              aria-describedby={errors.body ? `${id}-body-error` : undefined}
            />
          </Field>
          <Button type="submit" loading={reviewing && recipients === null}>
            Review and send…
          </Button>
        </form>
      </Section>

      <Section title="Sent announcements" description={`The latest ${L.listed}; times in ${time.zoneName}.`}>
        {data === null ? (
          <EmptyState title="The announcements could not be loaded." hint="Try the Update button again in a moment." />
        ) : (
          <DataTable<Announcement>
            caption="Sent announcements"
            rows={data.announcements}
            rowKey={(a) => a.id}
            empty={<EmptyState title="No announcement sent yet." />}
            columns={[
              { header: 'Sent', cell: (a) => time.dateTime(a.createdAt) },
              { header: 'Kind', cell: (a) => ANNOUNCEMENT_KIND_LABELS[a.kind] },
              { header: 'Subject', cell: (a) => a.subject, className: 'whitespace-normal' },
              {
                header: 'Progress',
                cell: (a) => (
                  <span className="inline-flex items-center gap-2">
                    <Badge tone={a.completedAt ? 'green' : 'amber'}>{a.completedAt ? 'Done' : 'Sending'}</Badge>
                    <span className="tabular-nums">
                      {formatCount(a.sent)} / {formatCount(a.confirmedRecipients)}
                      {a.failed ? ` · ${formatCount(a.failed)} not delivered` : ''}
                    </span>
                  </span>
                ),
              },
            ]}
          />
        )}
      </Section>

      <ConfirmDialog
        open={reviewing && recipients !== null}
        title={recipients === 0 ? 'Nobody would receive it' : `Send to ${formatCount(recipients ?? 0)} coach${recipients === 1 ? '' : 'es'}?`}
        confirmLabel={recipients === 0 ? 'Close' : kind === 'marketing' ? 'Send e-mail' : 'Send push'}
        tone="primary"
        busy={sending}
        onConfirm={() => (recipients ? void send() : close())}
        onClose={close}
      >
        <div className="space-y-3">
          <p>
            {ANNOUNCEMENT_KIND_LABELS[kind]} “<strong className="text-stone-900 dark:text-stone-100">{subject.trim()}</strong>” goes to{' '}
            <strong className="text-stone-900 dark:text-stone-100">{formatCount(recipients ?? 0)}</strong> coach{recipients === 1 ? '' : 'es'} with{' '}
            {ANNOUNCEMENT_KIND_SETTINGS[kind]} on. It cannot be recalled.
          </p>
          <p className="whitespace-pre-wrap rounded-md border border-stone-200 bg-stone-50 p-3 text-stone-700 dark:border-stone-700 dark:bg-stone-800 dark:text-stone-200">{body.trim()}</p>
        </div>
      </ConfirmDialog>
    </div>
  );
}
