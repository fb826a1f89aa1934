import { DEFAULT_MESSAGE_SIGNATURE, type CoachingSurvey, type MessageSignature } from './preferences';

/** The survey's free-text answers (the signature is a choice, not an answer). */
export type CoachingSurveyAnswerKey = Exclude<keyof CoachingSurvey, 'signature'>;

/** The five questions of Settings → Profile → Your Coaching Approach, in the order they are asked. */
export const COACHING_SURVEY_QUESTIONS: readonly { key: CoachingSurveyAnswerKey; question: string; hint: string }[] = [
  {
    key: 'coachingStyle',
    question: 'How would you describe your coaching style?',
    hint: 'For example: direct and structured, warm and encouraging, or curious and question-led.',
  },
  {
    key: 'clientExpectations',
    question: 'What do you expect from your clients between sessions?',
    hint: 'Think of commitments, check-in habits and how quickly they should reply.',
  },
  {
    key: 'motivationApproach',
    question: 'How do you keep clients motivated when progress slows down?',
    hint: 'Reminders of their why, small wins, accountability, a change of plan…',
  },
  {
    key: 'feedbackStyle',
    question: 'How do you like to give feedback?',
    hint: 'Gentle or blunt, specific or big-picture, praise first or straight to the point.',
  },
  {
    key: 'challengeApproach',
    question: 'How do you respond when a client misses a goal or a check-in?',
    hint: 'What you say first, how firmly you push, and when you step back.',
  },
];

export const COACHING_SURVEY_STEPS = COACHING_SURVEY_QUESTIONS.length;

export const countAnswered = (survey: CoachingSurvey) => COACHING_SURVEY_QUESTIONS.filter((q) => survey[q.key].trim() !== '').length;

/** The signature choices as Settings offers them. */
export const MESSAGE_SIGNATURE_LABELS: Record<MessageSignature, string> = {
  coach: 'My name (via Cadence)',
  assistant: 'My assistant',
  none: 'No signature',
};

/** The line that ends an AI message to a client, or null for none: "— Dana (via Cadence)", "— Dana's assistant". */
export function signatureLine(choice: MessageSignature | undefined, coachFirstName: string): string | null {
  const name = coachFirstName.trim();
  switch (choice ?? DEFAULT_MESSAGE_SIGNATURE) {
    case 'none':
      return null;
    case 'coach':
      return name ? `— ${name} (via Cadence)` : '— via Cadence';
    case 'assistant':
      return name ? `— ${name}'s assistant` : '— your coach\'s assistant';
  }
}
