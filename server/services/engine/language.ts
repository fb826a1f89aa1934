import { CLIENT_LANGUAGES, type ClientLanguage } from '@/lib/languages';

/**
 * Which of the five client languages a reply is written in, from its function words and letters.
 * Replies are short texts ("hice 5 km hoy"), where trigram detectors (franc, tinyld) are unreliable
 * and spread over dozens of languages; counting the few words every sentence needs, in only these
 * five, is both steadier and dependency-free (decision 0086).
 */

const WORDS: Record<ClientLanguage, readonly string[]> = {
  en: ['the', 'and', 'i', 'im', 'my', 'was', 'is', 'it', 'to', 'of', 'did', 'today', 'this', 'week', 'have', 'had', 'not', 'but', 'with', 'just', 'got', 'yesterday', 'done', 'were', 'been', 'feel', 'feeling', 'good', 'great', 'still', 'more', 'some', 'about', 'went', 'so', 'me', 'a', 'in', 'on', 'at', 'walked', 'ran', 'thanks', 'tired', 'again', 'didnt', 'dont'],
  es: ['el', 'la', 'los', 'las', 'y', 'yo', 'mi', 'mis', 'fue', 'es', 'hoy', 'esta', 'este', 'semana', 'hice', 'tengo', 'pero', 'muy', 'con', 'bien', 'ayer', 'que', 'más', 'mas', 'estoy', 'he', 'hecho', 'todavía', 'todavia', 'también', 'tambien', 'gracias', 'cansado', 'cansada', 'un', 'una', 'del', 'al', 'para', 'por', 'mucho', 'poco', 'me', 'siento', 'pasos', 'caminé', 'corrí', 'hasta', 'ahora', 'sí', 'nada', 'otra', 'vez', 'días', 'dias', 'de', 'en'],
  pt: ['o', 'os', 'as', 'e', 'eu', 'meu', 'minha', 'foi', 'hoje', 'esta', 'essa', 'semana', 'fiz', 'tenho', 'mas', 'muito', 'com', 'bem', 'ontem', 'que', 'não', 'nao', 'mais', 'estou', 'ainda', 'também', 'tambem', 'obrigado', 'obrigada', 'cansado', 'cansada', 'um', 'uma', 'do', 'da', 'no', 'na', 'para', 'por', 'você', 'voce', 'passos', 'caminhei', 'corri', 'agora', 'sim', 'nada', 'de', 'novo', 'dias', 'estava', 'sinto', 'em'],
  de: ['der', 'die', 'das', 'und', 'ich', 'mein', 'meine', 'war', 'ist', 'heute', 'diese', 'woche', 'habe', 'hab', 'nicht', 'aber', 'sehr', 'mit', 'gut', 'gestern', 'noch', 'mehr', 'bin', 'schon', 'auch', 'danke', 'müde', 'ein', 'eine', 'zu', 'auf', 'es', 'geschafft', 'gemacht', 'schritte', 'gelaufen', 'jetzt', 'ja', 'nichts', 'wieder', 'tage', 'mir', 'geht', 'im', 'am'],
  fr: ['le', 'la', 'les', 'et', 'je', 'j', 'mon', 'ma', 'mes', 'était', 'etait', 'est', 'aujourd', 'cette', 'semaine', 'fait', 'ai', 'pas', 'mais', 'très', 'tres', 'avec', 'bien', 'hier', 'encore', 'plus', 'suis', 'aussi', 'merci', 'fatigué', 'fatiguée', 'fatigue', 'un', 'une', 'du', 'de', 'des', 'pour', 'ça', 'ca', 'c', 'n', 'marché', 'couru', 'maintenant', 'oui', 'rien', 'jours', 'me', 'sens', 'en'],
};

const SETS: Record<ClientLanguage, ReadonlySet<string>> = { en: new Set(WORDS.en), es: new Set(WORDS.es), pt: new Set(WORDS.pt), de: new Set(WORDS.de), fr: new Set(WORDS.fr) };

/** Letters only one or two of the five languages write. */
const LETTERS: Record<ClientLanguage, RegExp | null> = {
  en: null,
  es: /[ñ¿¡]/g,
  pt: /[ãõ]/g,
  de: /[ßäöü]/g,
  fr: /[èêëîïûùœ]/g,
};

/** At least this score, and this far ahead of the runner-up, or the reply says too little to tell. */
const MIN_SCORE = 2;
const MIN_LEAD = 1;

export function detectLanguage(text: string): ClientLanguage | null {
  const lower = text.toLowerCase();
  const words = lower.split(/[^\p{L}]+/u).filter(Boolean);
  const scores = CLIENT_LANGUAGES.map((language) => {
    const set = SETS[language];
    let score = words.filter((w) => set.has(w)).length;
    const letters = LETTERS[language];
    if (letters) score += 2 * (lower.match(letters)?.length ?? 0);
    return { language, score };
  }).sort((a, b) => b.score - a.score);
  const [best, second] = scores;
  if (!best || best.score < MIN_SCORE || best.score - (second?.score ?? 0) < MIN_LEAD) return null;
  return best.language;
}

interface LanguageState {
  language: ClientLanguage;
  detectedLanguage: ClientLanguage | null;
  suggestedLanguage: ClientLanguage | null;
}

/**
 * What a reply changes in the client's language state: two replies in a row in another language
 * propose it to the coach (never switched here). A reply too short to tell ("5", "done") neither
 * breaks nor extends the streak.
 */
export function languageAfterReply(client: LanguageState, reply: string): Partial<Pick<LanguageState, 'detectedLanguage' | 'suggestedLanguage'>> {
  const detected = detectLanguage(reply);
  if (!detected) return {};
  if (detected !== client.language && detected === client.detectedLanguage && client.suggestedLanguage !== detected) {
    return { detectedLanguage: detected, suggestedLanguage: detected };
  }
  return { detectedLanguage: detected };
}
