'use client';

import { useRef, useState } from 'react';
import { CalendarCog } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import type { ScheduleSubject } from './ai-schedule-form';
import { AiScheduleDialog } from './ai-schedule-dialog';
import { useAiSchedules } from './use-ai-schedules';

interface AiScheduleButtonProps extends Omit<ButtonProps, 'onClick'> {
  subject: ScheduleSubject;
  goal?: { id: string; title: string; progress: number } | null;
  /** A new number opens the dialog, as a click would: the command palette's "Open …'s AI schedule". */
  openRequest?: number;
}

/** Opens the AI scheduling screen of a client, or of one goal; focus returns to the button on close. */
export function AiScheduleButton({ subject, goal = null, openRequest, variant = 'secondary', ...props }: AiScheduleButtonProps) {
  const [open, setOpen] = useState(false);
  const [seenRequest, setSeenRequest] = useState<number | undefined>(undefined);
  if (openRequest !== undefined && openRequest !== seenRequest) {
    setSeenRequest(openRequest);
    setOpen(true);
  }
  const button = useRef<HTMLButtonElement>(null);
  // The same query as the dialog's, so opening it reads this answer; says at a glance that it is paused.
  const schedules = useAiSchedules(subject.clientId, goal?.id ?? null);
  const paused = schedules.data?.find((s) => s.goalId === (goal?.id ?? null))?.paused ?? false;
  return (
    <>
      <Button ref={button} type="button" variant={variant} aria-haspopup="dialog" onClick={() => setOpen(true)} {...props}>
        <CalendarCog className="h-4 w-4" aria-hidden />
        AI schedule
        {paused && (
          <span className="rounded-full bg-amber-100 px-1.5 py-px text-[11px] font-medium text-amber-800 dark:bg-amber-900/40 dark:text-amber-300">
            <span className="sr-only">, </span>Paused
          </span>
        )}
      </Button>
      {open && (
        <AiScheduleDialog
          subject={subject}
          goal={goal}
          onClose={() => {
            setOpen(false);
            requestAnimationFrame(() => button.current?.focus());
          }}
        />
      )}
    </>
  );
}
