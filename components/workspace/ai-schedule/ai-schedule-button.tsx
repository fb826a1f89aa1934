'use client';

import { useRef, useState } from 'react';
import { CalendarCog } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import type { ScheduleSubject } from './ai-schedule-form';
import { AiScheduleDialog } from './ai-schedule-dialog';

interface AiScheduleButtonProps extends Omit<ButtonProps, 'onClick'> {
  subject: ScheduleSubject;
  goal?: { id: string; title: string; progress: number } | null;
}

/** Opens the AI scheduling screen of a client, or of one goal; focus returns to the button on close. */
export function AiScheduleButton({ subject, goal = null, variant = 'secondary', ...props }: AiScheduleButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={button} type="button" variant={variant} aria-haspopup="dialog" onClick={() => setOpen(true)} {...props}>
        <CalendarCog className="h-4 w-4" aria-hidden />
        AI schedule
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
