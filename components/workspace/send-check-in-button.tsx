'use client';

import { useEffect, useRef, useState } from 'react';
import { RefreshCw, Send, Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import { Banner } from '@/components/ui/banner';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { ApiError, api, errorMessage } from '@/lib/api-client';
import { WORKSPACE_TOASTS } from '@/lib/constants';
import type { CheckInChanged, CheckInDto, CheckInPreview } from '@/lib/schemas/checkins';
import type { ClientDto } from '@/lib/schemas/clients';
import { MessageEditor, messageProblem } from './message-editor';

/** What the dialog says when a call fails and the server gave no message of its own. */
const SEND_DIALOG_ERRORS = {
  preview: 'The message could not be written. Try again.',
  send: WORKSPACE_TOASTS.sendCheckInFailed,
  429: 'Too many check-ins to this client this hour. Try again later.',
  /** The coach's hourly limit of AI previews (decision 0079); the server's message says when. */
  preview429: 'Too many AI previews this hour. Try again later.',
  403: 'Your plan’s AI interactions for this month are used up. Upgrade your plan to preview AI messages.',
  409: 'This client cannot be texted right now.',
  502: 'The message could not be written or delivered. Try again.',
} as const;

function dialogError(error: unknown, fallback: string, call: 'preview' | 'send'): string {
  if (error instanceof ApiError) {
    const known = call === 'preview' && error.status === 429 ? SEND_DIALOG_ERRORS.preview429 : (SEND_DIALOG_ERRORS[error.status as 429 | 403 | 409 | 502] as string | undefined);
    return errorMessage(error, known ?? fallback);
  }
  return errorMessage(error, fallback);
}

export interface SendCheckInButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  client: ClientDto;
  label?: string;
  onSent?: (checkIn: CheckInDto) => void;
  /** A new number opens the dialog, as a click would: the command palette's "Send check-in to …". */
  openRequest?: number;
}

/** "Send check-in": opens the dialog where the coach picks the goals, reads and edits the AI's message, then sends it. */
export function SendCheckInButton({ client, label = 'Send check-in', onSent, openRequest, variant = 'secondary', ...props }: SendCheckInButtonProps) {
  const [open, setOpen] = useState(false);
  const [seenRequest, setSeenRequest] = useState<number | undefined>(undefined);
  // The coach changed the AI's message: closing asks first, so an edit is never lost silently.
  const [edited, setEdited] = useState(false);
  const [askDiscard, setAskDiscard] = useState(false);
  const close = () => {
    setOpen(false);
    setEdited(false);
    setAskDiscard(false);
  };
  const requestClose = () => (edited ? setAskDiscard(true) : close());
  if (openRequest !== undefined && openRequest !== seenRequest) {
    setSeenRequest(openRequest);
    if (!props.disabled) setOpen(true);
  }
  return (
    <>
      <Button type="button" variant={variant} onClick={() => setOpen(true)} aria-haspopup="dialog" {...props}>
        <Send className="h-4 w-4" aria-hidden /> {label}
      </Button>
      <Modal open={open} onClose={requestClose} title={`Send a check-in to ${client.firstName}`} size="lg">
        <SendCheckInForm
          client={client}
          onClose={requestClose}
          onEdited={setEdited}
          onSent={(checkIn) => {
            close();
            onSent?.(checkIn);
          }}
        />
        <ConfirmDialog open={askDiscard} title="Discard your changes?" confirmLabel="Discard" onConfirm={close} onClose={() => setAskDiscard(false)}>
          <p>Your edits to the message will be lost.</p>
        </ConfirmDialog>
      </Modal>
    </>
  );
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * The dialog's body. Nothing is texted before Send: Preview only asks the AI for the message
 * (POST /checkins/ai/preview, one AI interaction), and Send texts exactly what the box holds
 * (POST /checkins/ai/initiate with the chosen goals and the message).
 */
function SendCheckInForm({ client, onClose, onEdited, onSent }: { client: ClientDto; onClose(): void; onEdited(edited: boolean): void; onSent(checkIn: CheckInDto): void }) {
  const goals = client.goals.filter((g) => !g.archived && g.status !== 'completed');
  const [chosen, setChosen] = useState<string[]>(goals.map((g) => g.id));
  const [previewedFor, setPreviewedFor] = useState<string[] | null>(null);
  const [message, setMessage] = useState('');
  // The AI's last message as written, to tell the coach's edit from it.
  const [written, setWritten] = useState('');
  // A new preview replaces the Preview button (or disables Regenerate): focus goes to the message, not to the page.
  const [previews, setPreviews] = useState(0);
  const messageBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (previews > 0) messageBox.current?.querySelector('textarea')?.focus();
  }, [previews]);
  useEffect(() => onEdited(message !== written), [message, written, onEdited]);
  const [consentNotice, setConsentNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'send' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [messageError, setMessageError] = useState<string | null>(null);
  const previewed = previewedFor !== null;
  const noGoalChosen = goals.length > 0 && chosen.length === 0;
  // Every active goal (or none to choose from) is the check-in about all goals; otherwise the chosen ones.
  const goalIds = goals.length === 0 ? undefined : chosen;

  const toggle = (id: string) => setChosen((list) => (list.includes(id) ? list.filter((x) => x !== id) : goals.map((g) => g.id).filter((g) => g === id || list.includes(g))));

  const preview = async () => {
    setBusy('preview');
    setError(null);
    setMessageError(null);
    try {
      const result = await api.post<CheckInPreview>('/checkins/ai/preview', { clientId: client.id, ...(goalIds ? { goalIds } : {}) });
      setMessage(result.message);
      setWritten(result.message);
      setPreviews((n) => n + 1);
      setConsentNotice(result.consentNotice);
      setPreviewedFor(chosen);
    } catch (e) {
      setError(dialogError(e, SEND_DIALOG_ERRORS.preview, 'preview'));
    } finally {
      setBusy(null);
    }
  };

  const send = async () => {
    const problem = messageProblem(message);
    if (problem) return setMessageError(problem);
    setBusy('send');
    setError(null);
    setMessageError(null);
    try {
      const result = await api.post<CheckInChanged>('/checkins/ai/initiate', { clientId: client.id, ...(goalIds ? { goalIds } : {}), message: message.trim() });
      toast.success(result.message || 'Check-in sent');
      onSent(result.checkIn);
    } catch (e) {
      const field = e instanceof ApiError ? e.fieldError('message') : undefined;
      if (field) setMessageError(field);
      else setError(dialogError(e, SEND_DIALOG_ERRORS.send, 'send'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        void (previewed ? send() : preview());
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium text-stone-700 dark:text-stone-300">Goals to ask about</legend>
        {goals.length === 0 ? (
          <p className="mt-1 text-sm text-stone-500 dark:text-stone-400">{client.firstName} has no active goals: the check-in asks how things are going in general.</p>
        ) : (
          <ul className="mt-2 space-y-1.5">
            {goals.map((g, i) => (
              <li key={g.id}>
                <label className="flex cursor-pointer items-start gap-2.5 rounded-md px-2 py-1.5 text-sm hover:bg-stone-50 dark:hover:bg-stone-800/60">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-4 w-4 shrink-0 rounded border-stone-300 accent-brand-600 dark:border-stone-600"
                    checked={chosen.includes(g.id)}
                    onChange={() => toggle(g.id)}
                    disabled={busy !== null}
                    data-autofocus={i === 0 || undefined}
                  />
                  <span className="min-w-0 break-words">{g.title}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {noGoalChosen && (
          <p role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
            Choose at least one goal
          </p>
        )}
        {previewed && !sameSet(previewedFor, chosen) && !noGoalChosen && (
          <p className="mt-1 text-xs text-amber-700 dark:text-amber-300">The goals changed since the preview: regenerate to have the message match them.</p>
        )}
      </fieldset>

      {!previewed ? (
        <p className="text-xs text-stone-500 dark:text-stone-400">
          <Sparkles className="mr-1 inline h-3.5 w-3.5 align-[-2px]" aria-hidden />
          The AI writes the message for you to read and edit. Each preview counts as one AI interaction of your plan; nothing is sent until you press Send.
        </p>
      ) : (
        <div className="space-y-3" ref={messageBox}>
          <MessageEditor id="send-checkin-message" label={`Message to ${client.firstName}`} value={message} onChange={setMessage} error={messageError} disabled={busy === 'send'} consentNotice={consentNotice} />
          {consentNotice && (
            <div className="rounded-md border border-stone-200 bg-stone-50 px-3 py-2 text-xs text-stone-600 dark:border-stone-700 dark:bg-stone-800/60 dark:text-stone-300">
              <p className="font-medium">First text to this number: it starts with the consent notice</p>
              <p className="mt-0.5">{consentNotice}</p>
            </div>
          )}
        </div>
      )}

      {error && <Banner tone="error">{error}</Banner>}

      <div className="flex flex-col-reverse gap-2 border-t border-stone-200 pt-5 sm:flex-row sm:justify-end dark:border-stone-800">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        {previewed ? (
          <>
            <Button type="button" variant="secondary" loading={busy === 'preview'} disabled={busy === 'send' || noGoalChosen} onClick={() => void preview()}>
              {busy !== 'preview' && <RefreshCw className="h-4 w-4" aria-hidden />} {busy === 'preview' ? 'Writing…' : 'Regenerate'}
            </Button>
            <Button type="submit" loading={busy === 'send'} disabled={busy === 'preview' || noGoalChosen}>
              {busy !== 'send' && <Send className="h-4 w-4" aria-hidden />} {busy === 'send' ? 'Sending…' : `Send to ${client.firstName}`}
            </Button>
          </>
        ) : (
          <Button type="submit" loading={busy === 'preview'} disabled={noGoalChosen}>
            {busy !== 'preview' && <Sparkles className="h-4 w-4" aria-hidden />} {busy === 'preview' ? 'Writing…' : 'Preview'}
          </Button>
        )}
      </div>
    </form>
  );
}
