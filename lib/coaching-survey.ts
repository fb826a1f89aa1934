import { DEFAULT_CLIENT_LANGUAGE, type ClientLanguage } from './languages';
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

/** How "via Cadence" and "'s assistant" read in each client language. */
const SIGNATURE_WORDS: Record<ClientLanguage, { via: (name: string) => string; viaOnly: string; assistant: (name: string) => string; assistantOnly: string }> = {
  en: { via: (n) => `${n} (via Cadence)`, viaOnly: 'via Cadence', assistant: (n) => `${n}'s assistant`, assistantOnly: "your coach's assistant" },
  es: { via: (n) => `${n} (vía Cadence)`, viaOnly: 'vía Cadence', assistant: (n) => `asistente de ${n}`, assistantOnly: 'asistente de tu coach' },
  pt: { via: (n) => `${n} (via Cadence)`, viaOnly: 'via Cadence', assistant: (n) => `assistente de ${n}`, assistantOnly: 'assistente do seu coach' },
  de: { via: (n) => `${n} (über Cadence)`, viaOnly: 'über Cadence', assistant: (n) => `Assistenz von ${n}`, assistantOnly: 'Assistenz deines Coaches' },
  fr: { via: (n) => `${n} (via Cadence)`, viaOnly: 'via Cadence', assistant: (n) => `l'assistant de ${n}`, assistantOnly: "l'assistant de votre coach" },
};

/** The line that ends an AI message to a client, or null for none: "— Dana (via Cadence)", "— Dana's assistant" ("— asistente de Dana"). */
export function signatureLine(choice: MessageSignature | undefined, coachFirstName: string, language: ClientLanguage = DEFAULT_CLIENT_LANGUAGE): string | null {
  const name = coachFirstName.trim();
  const words = SIGNATURE_WORDS[language];
  switch (choice ?? DEFAULT_MESSAGE_SIGNATURE) {
    case 'none':
      return null;
    case 'coach':
      return `— ${name ? words.via(name) : words.viaOnly}`;
    case 'assistant':
      return `— ${name ? words.assistant(name) : words.assistantOnly}`;
  }
}
