/**
 * The placeholders a coach may put in an AI schedule's prompt template (product §2.3.5), and how
 * the built-in writer fills them: the same function renders the scheduling screen's sample, so
 * what the coach reads there is what the client gets from the local provider.
 */
export const PROMPT_PLACEHOLDERS = [
  { token: '{firstName}', meaning: "the client's first name" },
  { token: '{goal}', meaning: 'the title of the goal the check-in is about (the first one when it covers several)' },
  { token: '{progress}', meaning: "that goal's progress in percent" },
] as const;

export interface PromptTemplateValues {
  firstName: string;
  /** The goal the check-in is about (the first of several); null when there is none. */
  goal: { title: string; progress: number } | null;
}

/** Every `{…}` in a template, as written: a misspelt one would reach the client with its braces. */
const BRACED = /\{[^{}]*\}/g;
const KNOWN: readonly string[] = PROMPT_PLACEHOLDERS.map((p) => p.token);

/** The `{…}` groups of a template that are not placeholders, each once, in the order written. */
export function unknownPlaceholders(template: string): string[] {
  return [...new Set(template.match(BRACED) ?? [])].filter((token) => !KNOWN.includes(token));
}

/** "{firstName}, {goal} or {progress}": the placeholders a template may use, for a message. */
export const PLACEHOLDER_LIST = `${KNOWN.slice(0, -1).join(', ')} or ${KNOWN.at(-1)}`;

const percent = (n: number) => `${Number.isInteger(n) ? n : Math.round(n * 10) / 10}%`;

export function fillPromptTemplate(template: string, values: PromptTemplateValues): string {
  return template
    .replaceAll('{firstName}', values.firstName)
    .replaceAll('{goal}', values.goal?.title ?? 'your goals')
    .replaceAll('{progress}', values.goal ? percent(values.goal.progress) : '');
}
