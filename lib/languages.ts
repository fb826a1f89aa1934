/**
 * The languages a client's check-ins are written in (issue 17 item 5, decision 0086). The coach's
 * screens stay in English; only what goes to the client changes language.
 */

export const CLIENT_LANGUAGES = ['en', 'es', 'pt', 'de', 'fr'] as const;
export type ClientLanguage = (typeof CLIENT_LANGUAGES)[number];
export const DEFAULT_CLIENT_LANGUAGE: ClientLanguage = 'en';

/** The language's name in English, as the coach's screens and the OpenAI prompts say it. */
export const LANGUAGE_NAMES: Record<ClientLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  pt: 'Portuguese',
  de: 'German',
  fr: 'French',
};

/** The locale quantities are formatted in ("4.200 de tus 10.000 pasos"). */
export const LANGUAGE_LOCALES: Record<ClientLanguage, string> = {
  en: 'en-US',
  es: 'es-ES',
  pt: 'pt-BR',
  de: 'de-DE',
  fr: 'fr-FR',
};

export const isClientLanguage = (value: unknown): value is ClientLanguage => typeof value === 'string' && (CLIENT_LANGUAGES as readonly string[]).includes(value);

/** "ES": the short code a client row shows. */
export const languageCode = (language: ClientLanguage) => language.toUpperCase();

/**
 * Whole-message opt-out / opt-in keywords per language (any case, accents optional, trailing "." or
 * "!" ignored). English is what Twilio honours on every number by default (STOP, STOPALL,
 * UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE, OPTOUT), and ARRET is the French word carriers honour in
 * North America; the others are the localized words one adds to Twilio's Advanced Opt-Out, kept to
 * words that say "stop" or "unsubscribe" and nothing else: an answer to a check-in must never opt a
 * client out (decision 0094). So Spanish has no ALTO ("tall", "high": "alto" answers "how is your
 * motivation?") and no BAJA ("low": "baja" answers "how is your energy?"). Every list is honoured
 * whatever the client's language: a STOP is never ignored because it came in another language.
 */
export const OPT_OUT_WORDS: Record<ClientLanguage, readonly string[]> = {
  en: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'],
  es: ['PARAR', 'CANCELAR', 'DETENER'],
  pt: ['PARAR', 'SAIR', 'CANCELAR', 'PARE'],
  de: ['STOPP', 'ABMELDEN', 'ABBESTELLEN', 'BEENDEN'],
  fr: ['ARRET', 'DESABONNER', 'DESINSCRIRE'],
};
export const OPT_IN_WORDS: Record<ClientLanguage, readonly string[]> = {
  en: ['START', 'UNSTOP'],
  es: ['INICIO', 'COMENZAR'],
  pt: ['VOLTAR', 'INICIAR'],
  de: ['ANMELDEN'],
  fr: ['DEBUT', 'REPRENDRE'],
};

/**
 * Twilio answers its own English keywords with its standard confirmation; for the others nobody
 * would, so Cadence confirms them itself, in the client's language.
 */
export const CARRIER_CONFIRMED_WORDS: ReadonlySet<string> = new Set([...OPT_OUT_WORDS.en, ...OPT_IN_WORDS.en]);

/** Every opt-out and opt-in keyword, as compared (upper case, no accents). */
export const ALL_OPT_OUT_WORDS: ReadonlySet<string> = new Set(Object.values(OPT_OUT_WORDS).flat());
export const ALL_OPT_IN_WORDS: ReadonlySet<string> = new Set(Object.values(OPT_IN_WORDS).flat());

/** A whole message as a keyword: "Arrêt!" → "ARRET", "stopp." → "STOPP". */
export function keywordOf(body: string): string {
  return body
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[.!]+$/, '');
}

/** The language a keyword belongs to (the client's own when it is in both lists, e.g. PARAR). */
export function keywordLanguage(keyword: string, preferred: ClientLanguage): ClientLanguage | null {
  const has = (l: ClientLanguage) => OPT_OUT_WORDS[l].includes(keyword) || OPT_IN_WORDS[l].includes(keyword);
  if (has(preferred)) return preferred;
  return CLIENT_LANGUAGES.find(has) ?? null;
}

/** The texts Cadence sends a client itself, per language. */
export interface PlatformTexts {
  consentNotice: (coachName: string) => string;
  optedOut: string;
  optedIn: string;
  /** The subject of a check-in e-mail; its follow-ups answer it with "Re: " (every mail app's prefix). */
  checkInSubject: (coachName: string) => string;
  /** The subject of the coach's own message by e-mail (decision 0084). */
  messageSubject: (coachName: string) => string;
  /** The line that ends a check-in e-mail, and (where the coach enables it) a text: the one-tap reply page (decision 0083). */
  emailLink: (url: string) => string;
  smsLink: (url: string) => string;
}

/**
 * How the client is addressed, one choice per language (decision 0094), kept by the local writer's
 * phrases, the platform's texts above and the OpenAI prompts alike: French coaching addresses a
 * client as "vous"; the others use the informal form their messaging apps use.
 */
export const ADDRESS_FORMS: Record<ClientLanguage, string> = {
  en: 'Address the client as "you".',
  es: 'Address the client informally, as "tú".',
  pt: 'Address the client as "você".',
  de: 'Address the client informally, as "du".',
  fr: 'Address the client formally, as "vous", never "tu".',
};

export const PLATFORM_TEXTS: Record<ClientLanguage, PlatformTexts> = {
  en: {
    consentNotice: (coachName) =>
      `Cadence here, texting you check-ins for your coach ${coachName}. Reply STOP to stop all texts from this number ` +
      `(for every coach who texts you through it), START to resume. Msg & data rates may apply.`,
    optedOut: 'Cadence: you will get no more texts from this number. Reply START to resume.',
    optedIn: 'Cadence: texts from this number have resumed. Reply STOP to stop them.',
    checkInSubject: (coachName) => `Check-in from ${coachName}`,
    messageSubject: (coachName) => `A message from ${coachName}`,
    emailLink: (url) => `Answer in one tap (no account needed): ${url}`,
    smsLink: (url) => `Answer in one tap: ${url}`,
  },
  es: {
    consentNotice: (coachName) =>
      `Hola, somos Cadence y te enviamos los check-ins de tu coach ${coachName}. Responde PARAR para dejar de recibir mensajes de este número ` +
      `(de todos los coaches que te escriben desde él) e INICIO para volver a recibirlos. Pueden aplicarse tarifas de mensajes y datos.`,
    optedOut: 'Cadence: no recibirás más mensajes de este número. Responde INICIO para volver a recibirlos.',
    optedIn: 'Cadence: vuelves a recibir mensajes de este número. Responde PARAR para dejar de recibirlos.',
    checkInSubject: (coachName) => `Check-in de ${coachName}`,
    messageSubject: (coachName) => `Un mensaje de ${coachName}`,
    emailLink: (url) => `Responde con un toque (sin crear cuenta): ${url}`,
    smsLink: (url) => `Responde con un toque: ${url}`,
  },
  pt: {
    consentNotice: (coachName) =>
      `Olá, aqui é a Cadence, enviando os check-ins do seu coach ${coachName}. Responda PARAR para não receber mais mensagens deste número ` +
      `(de todos os coaches que falam com você por ele) e VOLTAR para recebê-las de novo. Podem ser cobradas tarifas de mensagens e dados.`,
    optedOut: 'Cadence: você não vai receber mais mensagens deste número. Responda VOLTAR para recebê-las de novo.',
    optedIn: 'Cadence: você voltou a receber mensagens deste número. Responda PARAR para interrompê-las.',
    checkInSubject: (coachName) => `Check-in de ${coachName}`,
    messageSubject: (coachName) => `Uma mensagem de ${coachName}`,
    emailLink: (url) => `Responda com um toque (sem criar conta): ${url}`,
    smsLink: (url) => `Responda com um toque: ${url}`,
  },
  de: {
    consentNotice: (coachName) =>
      `Hallo, hier ist Cadence mit den Check-ins deines Coaches ${coachName}. Antworte STOPP, um keine Nachrichten mehr von dieser Nummer zu bekommen ` +
      `(von allen Coaches, die dir darüber schreiben), und START, um sie wieder zu erhalten. Es können Gebühren für SMS und Daten anfallen.`,
    optedOut: 'Cadence: Du bekommst keine Nachrichten mehr von dieser Nummer. Antworte START, um sie wieder zu erhalten.',
    optedIn: 'Cadence: Du bekommst wieder Nachrichten von dieser Nummer. Antworte STOPP, um sie abzubestellen.',
    checkInSubject: (coachName) => `Check-in von ${coachName}`,
    messageSubject: (coachName) => `Eine Nachricht von ${coachName}`,
    emailLink: (url) => `Mit einem Tipp antworten (ohne Konto): ${url}`,
    smsLink: (url) => `Mit einem Tipp antworten: ${url}`,
  },
  fr: {
    consentNotice: (coachName) =>
      `Bonjour, ici Cadence : nous vous envoyons les points d'étape de votre coach ${coachName}. Répondez ARRET pour ne plus recevoir de messages de ce numéro ` +
      `(de tous les coachs qui vous écrivent par lui) et DEBUT pour les recevoir à nouveau. Des frais de SMS et de données peuvent s'appliquer.`,
    optedOut: 'Cadence : vous ne recevrez plus de messages de ce numéro. Répondez DEBUT pour les recevoir à nouveau.',
    optedIn: 'Cadence : vous recevez à nouveau les messages de ce numéro. Répondez ARRET pour les arrêter.',
    checkInSubject: (coachName) => `Point d'étape de ${coachName}`,
    messageSubject: (coachName) => `Un message de ${coachName}`,
    emailLink: (url) => `Répondez en un geste (sans compte) : ${url}`,
    smsLink: (url) => `Répondez en un geste : ${url}`,
  },
};
