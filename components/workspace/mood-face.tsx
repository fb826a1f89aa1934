import { Frown, Meh, Smile } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { moodOf } from './status';
import type { LatestReply } from '@/lib/schemas/clients';

const FACES = {
  happy: { Icon: Smile, label: 'Mood: happy', className: 'text-green-600 dark:text-green-400' },
  neutral: { Icon: Meh, label: 'Mood: neutral', className: 'text-amber-500 dark:text-amber-400' },
  sad: { Icon: Frown, label: 'Mood: sad', className: 'text-red-500 dark:text-red-400' },
} as const;

/**
 * The mood face of the latest reply (product §2.2): a check-in merely sent says nothing of the
 * client's mood, so only one the client answered moves it; nothing shows before a first reply.
 */
export function MoodFace({ reply, className }: { reply: Pick<LatestReply, 'motivation' | 'engagementAssessment'> | null; className?: string }) {
  const mood = moodOf(reply);
  if (!mood) return <span className={cn('inline-block h-5 w-5', className)} role="img" aria-label="Mood: no reply yet" />;
  const { Icon, label, className: tone } = FACES[mood];
  return (
    <span role="img" aria-label={label} title={label} className={cn('inline-flex', tone, className)}>
      <Icon className="h-5 w-5" aria-hidden />
    </span>
  );
}
