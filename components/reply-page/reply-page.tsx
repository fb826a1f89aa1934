'use client';

import { useSystemTheme } from '@/components/ui/use-system-theme';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { REPLY_PAGE_MAX_CHARS, REPLY_PAGE_TEXTS } from '@/lib/reply-page';
import type { PostReply, PostReplyResponse, ReplyPage, ReplyPageGoal } from '@/lib/schemas/reply-page';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/components/ui/cn';

interface Failure {
  status: number;
  message: string;
  field?: string;
}

/**
 * The client has no session: plain fetches, without the app client's CSRF and token refresh, so
 * nothing of a coach signed in on the same browser is sent along.
 */
async function call<T>(method: 'GET' | 'POST', token: string, body?: PostReply): Promise<T> {
  const res = await fetch(`/api/reply/${encodeURIComponent(token)}`, {
    method,
    headers: { Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
    credentials: 'omit',
    body: body ? JSON.stringify(body) : undefined,
  });
  const data: unknown = await res.json().catch(() => ({}));
  if (!res.ok) {
    const error = data as { message?: string; details?: { field: string; message: string }[] };
    const failure: Failure = { status: res.status, message: error.message ?? 'Something went wrong. Please try again.', field: error.details?.[0]?.field };
    throw failure;
  }
  return data as T;
}

const isFailure = (e: unknown): e is Failure => typeof e === 'object' && e !== null && 'status' in e && 'message' in e;


type Answers = Record<string, { value?: string; done?: boolean }>;

export function ReplyPageView({ token }: { token: string }) {
  useSystemTheme();
  const [page, setPage] = useState<ReplyPage | null>(null);
  const [loadError, setLoadError] = useState<Failure | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  useEffect(() => {
    call<ReplyPage>('GET', token)
      .then(setPage)
      .catch((e: unknown) => setLoadError(isFailure(e) ? e : { status: 0, message: 'The page could not be loaded. Check your connection and try again.' }));
  }, [token]);

  return (
    <main className="min-h-dvh bg-stone-50 px-4 py-6 text-stone-900 dark:bg-stone-950 dark:text-stone-100">
      <div className="mx-auto w-full max-w-lg space-y-5">
        <p className="text-xs font-semibold uppercase tracking-widest text-brand-700 dark:text-brand-300">Cadence</p>
        {loadError ? (
          <LinkProblem failure={loadError} />
        ) : !page ? (
          <p role="status" className="flex items-center gap-3 text-stone-600 dark:text-stone-300">
            <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand-500 border-t-transparent" aria-hidden />
            Loading your check-in…
          </p>
        ) : (
          <>
            <header className="space-y-3">
              <h1 className="text-xl font-semibold">Hi {page.firstName}</h1>
              <blockquote className="whitespace-pre-wrap rounded-lg border border-stone-200 bg-white p-4 text-base leading-relaxed shadow-sm dark:border-stone-800 dark:bg-stone-900">
                {page.question}
              </blockquote>
            </header>
            {sent !== null && (
              <section aria-live="polite" className="space-y-2 rounded-lg border border-emerald-300 bg-emerald-50 p-4 dark:border-emerald-800 dark:bg-emerald-950">
                <h2 className="font-semibold text-emerald-800 dark:text-emerald-200">{REPLY_PAGE_TEXTS.thanks}</h2>
                <p className="whitespace-pre-wrap text-sm text-emerald-900 dark:text-emerald-100">{sent}</p>
              </section>
            )}
            {page.answers.length > 0 && sent === null && (
              <section className="space-y-2">
                <h2 className="text-sm font-semibold text-stone-600 dark:text-stone-300">{REPLY_PAGE_TEXTS.earlier}</h2>
                <ul className="space-y-2">
                  {page.answers.map((a, i) => (
                    <li key={`${i}:${a.at}`} className="whitespace-pre-wrap rounded-md bg-stone-100 p-3 text-sm dark:bg-stone-900">
                      {a.text}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <AnswerForm
              key={page.answers.length}
              token={token}
              goals={page.goals}
              again={sent !== null}
              onSent={(res) => {
                setSent(res.sent);
                setPage(res.page);
              }}
              onLinkProblem={setLoadError}
            />
          </>
        )}
      </div>
    </main>
  );
}

function LinkProblem({ failure }: { failure: Failure }) {
  const title = failure.status === 410 ? 'Link expired' : failure.status === 404 ? 'Link not found' : 'Something went wrong';
  return (
    <section role="alert" className="space-y-2 rounded-lg border border-stone-200 bg-white p-5 shadow-sm dark:border-stone-800 dark:bg-stone-900">
      <h1 className="text-lg font-semibold">{title}</h1>
      <p className="text-stone-700 dark:text-stone-300">{failure.message}</p>
    </section>
  );
}

function AnswerForm({ token, goals, again, onSent, onLinkProblem }: { token: string; goals: ReplyPageGoal[]; again: boolean; onSent: (r: PostReplyResponse) => void; onLinkProblem: (f: Failure) => void }) {
  const id = useId();
  const [answers, setAnswers] = useState<Answers>({});
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Failure | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: PostReply = {
      answers: goals.flatMap((g): PostReply['answers'] => {
        const a = answers[g.id];
        if (g.type === 'numeric' && a?.value !== undefined && a.value.trim() !== '') return [{ goalId: g.id, value: Number(a.value) }];
        if (g.type === 'task' && a?.done !== undefined) return [{ goalId: g.id, done: a.done }];
        return [];
      }),
      text,
    };
    if (body.answers.length === 0 && !text.trim()) {
      setError({ status: 400, message: REPLY_PAGE_TEXTS.empty, field: 'text' });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onSent(await call<PostReplyResponse>('POST', token, body));
    } catch (err) {
      const failure = isFailure(err) ? err : { status: 0, message: 'Your answer could not be sent. Check your connection and try again.' };
      if (failure.status === 404 || failure.status === 410) onLinkProblem(failure);
      else setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5 rounded-lg border border-stone-200 bg-white p-4 shadow-sm dark:border-stone-800 dark:bg-stone-900">
      <p className="text-sm text-stone-600 dark:text-stone-300">{again ? REPLY_PAGE_TEXTS.addMoreIntro : REPLY_PAGE_TEXTS.intro}</p>
      {goals.map((g) => (
        <GoalAnswer key={g.id} goal={g} id={`${id}-${g.id}`} answer={answers[g.id] ?? {}} onChange={(a) => setAnswers((prev) => ({ ...prev, [g.id]: a }))} />
      ))}
      <Field id={`${id}-text`} label={REPLY_PAGE_TEXTS.textLabel} error={error?.field === 'text' ? error.message : undefined}>
        <Textarea
          id={`${id}-text`}
          rows={4}
          value={text}
          maxLength={REPLY_PAGE_MAX_CHARS}
          placeholder={REPLY_PAGE_TEXTS.textHint}
          aria-invalid={error?.field === 'text' || undefined}
          aria-describedby={error?.field === 'text' ? `${id}-text-error` : undefined}
          onChange={(e) => setText(e.target.value)}
          className="text-base"
        />
      </Field>
      {error && error.field !== 'text' && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error.message}
        </p>
      )}
      <Button type="submit" loading={busy} className="w-full py-3 text-base">
        {busy ? REPLY_PAGE_TEXTS.sending : again ? REPLY_PAGE_TEXTS.addMore : REPLY_PAGE_TEXTS.send}
      </Button>
    </form>
  );
}

function GoalAnswer({ goal, id, answer, onChange }: { goal: ReplyPageGoal; id: string; answer: { value?: string; done?: boolean }; onChange: (a: { value?: string; done?: boolean }) => void }) {
  if (goal.type === 'numeric') {
    const hint = REPLY_PAGE_TEXTS.nowAtHint(goal.currentValue ?? 0, goal.target, goal.unit);
    return (
      <Field id={id} label={goal.title} hint={<p id={`${id}-hint`} className="text-xs text-stone-500 dark:text-stone-400">{hint}</p>}>
        <div className="flex items-center gap-2">
          <Input id={id} type="number" inputMode="decimal" min={0} step="any" value={answer.value ?? ''} aria-describedby={`${id}-hint`} placeholder={String(goal.currentValue ?? 0)} onChange={(e) => onChange({ value: e.target.value })} className="text-base" />
          {goal.unit && <span className="shrink-0 text-sm text-stone-600 dark:text-stone-300">{goal.unit}</span>}
        </div>
      </Field>
    );
  }
  const option = (done: boolean, label: string) => (
    <button
      type="button"
      aria-pressed={answer.done === done}
      onClick={() => onChange({ done: answer.done === done ? undefined : done })}
      className={cn(
        'flex-1 rounded-md border px-3 py-2.5 text-sm font-medium focus:outline-none focus:ring-2 focus:ring-brand-300',
        answer.done === done
          ? 'border-brand-700 bg-brand-700 text-white'
          : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800',
      )}
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="space-y-1">
      <p id={`${id}-label`} className="text-sm font-medium text-stone-700 dark:text-stone-300">
        {goal.title}
      </p>
      <div className="flex gap-2">
        {option(true, REPLY_PAGE_TEXTS.done)}
        {option(false, REPLY_PAGE_TEXTS.notYet)}
      </div>
    </div>
  );
}
