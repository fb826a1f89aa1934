import { describe, expect, it } from 'vitest';
import { signatureLine } from '@/lib/coaching-survey';
import { CARRIER_CONFIRMED_WORDS, CLIENT_LANGUAGES, PLATFORM_TEXTS, keywordLanguage, keywordOf, type ClientLanguage } from '@/lib/languages';
import { SMS_START_WORDS, SMS_STOP_WORDS, SMS_TEXTS } from '@/lib/sms';
import { checkInEmailSubject, coachMessageEmailSubject, followUpEmailSubject } from '@/lib/email';
import { composeCheckInText, composeFollowUpText } from '@/server/providers/ai/local/writer';
import { analysisPrompt, checkInPrompt, followUpPrompt } from '@/server/providers/ai/prompts';
import type { AiGoal, CheckInContext, FollowUpContext, ReplyAnalysis } from '@/server/providers/ai/types';
import type { CoachingSurvey } from '@/lib/preferences';
import { detectLanguage, languageAfterReply } from '@/server/services/engine/language';

// Titles carry no English words, so any English in a message came from the writer itself.
const steps: AiGoal = { id: 'g1', title: 'Caminata diaria', type: 'progress', description: null, target: 10000, unit: 'steps', currentValue: 4200, progress: 42, milestones: [] };
const fund: AiGoal = { id: 'g2', title: 'Fondo', type: 'progress', description: null, target: 5000, unit: '$', currentValue: 1250, progress: 25, milestones: [{ title: 'Meta 2000', completed: false, targetValue: 2000 }] };
const pages: AiGoal = { id: 'g3', title: 'Lectura', type: 'progress', description: null, target: 300, unit: 'pages', currentValue: 120, progress: 40, milestones: [] };
const plan: AiGoal = { id: 'g4', title: 'Plan', type: 'task', description: null, target: null, unit: null, currentValue: 0, progress: 0, milestones: [{ title: 'Esquema', completed: false, targetValue: null }] };

const survey = (style: string): CoachingSurvey => ({ coachingStyle: style, clientExpectations: '', motivationApproach: '', feedbackStyle: '', challengeApproach: '' });
const SURVEYS = [null, survey('direct'), survey('supportive'), survey('data driven')];
const GOAL_SETS = [[steps], [fund], [pages], [plan], [steps, fund, pages], []];
const RECENT = [[], [{ at: '2026-11-20T10:00:00Z', aiMessage: 'x', clientResponse: 'my knee hurts', motivation: 'low' }], [{ at: '2026-11-21T10:00:00Z', aiMessage: 'x', clientResponse: 'felt sick all week', motivation: 'medium' }]];
const TIMES = ['Monday 09:00', 'Wednesday 14:30', 'Friday 19:00'];

function contexts(language: ClientLanguage): CheckInContext[] {
  return SURVEYS.flatMap((s) =>
    GOAL_SETS.flatMap((goals) =>
      RECENT.flatMap((recent) =>
        TIMES.map((localTime) => ({
          coach: { name: 'Dana Rivers', firstName: 'Dana', survey: s },
          client: { firstName: 'Quinn', lastName: 'Lee', timezone: 'UTC', language },
          goals,
          isGlobal: goals.length !== 1,
          recent,
          localTime,
        })),
      ),
    ),
  );
}

const analysis = (motivation: ReplyAnalysis['motivation'], progress: ReplyAnalysis['progress'], unattributed: string[] = []): ReplyAnalysis => ({
  coachSummary: 'x',
  insights: [],
  executiveSummary: 'x',
  motivation,
  engagementAssessment: 'okay',
  concerns: [],
  progress,
  unattributed,
});

function followUps(language: ClientLanguage): FollowUpContext[] {
  const replies = ['6500', 'knee is sore', 'feeling sick', 'need to book physio', 'ugh, rough week'];
  return contexts(language)
    .filter((_, i) => i % 5 === 0)
    .flatMap((ctx) =>
      replies.flatMap((reply) =>
        (['low', 'medium', 'high'] as const).map((m) => ({
          ...ctx,
          message: 'x',
          reply,
          analysis: analysis(m, ctx.goals[0] ? [{ goalId: ctx.goals[0].id, value: ctx.goals[0].target ? 6500 : null, completed: !ctx.goals[0].target }] : [], m === 'medium' ? ['6 km'] : []),
        })),
      ),
    );
}

/** English words the writer would leak if a sentence were left untranslated ("Good morning", "your", "since we last spoke"). */
// Letters either side count as part of the word: "Até" is not "at".
const ENGLISH = /(?<!\p{L})(the|your|you|and|how|what|last|since|today|hope|thanks|great|next|keep|good|morning|steps|of|is|at|so far|check-in time|quick|well)(?!\p{L})/iu;

/** The message without what is not the writer's: quoted titles and the names. */
const writerText = (message: string) => message.replace(/"[^"]*"|«[^»]*»/g, '').replace(/\b(Quinn|Dana|Cadence)\b/g, '');

describe('the local writer in every language', () => {
  for (const language of CLIENT_LANGUAGES.filter((l) => l !== 'en')) {
    it(`${language}: check-ins and follow-ups carry no English`, () => {
      const messages = [...contexts(language).map(composeCheckInText), ...followUps(language).map(composeFollowUpText)];
      for (const message of messages) expect(writerText(message), message).not.toMatch(ENGLISH);
      // Variety as in English: several openings across the same goals.
      expect(new Set(contexts(language).map((c) => composeCheckInText(c).split(/[.!?]/)[0])).size).toBeGreaterThan(4);
    });
  }

  it('formats quantities per locale', () => {
    const ctx = (language: ClientLanguage, goals = [steps]): CheckInContext => ({ ...contexts(language)[0]!, goals, recent: [] });
    expect(composeCheckInText(ctx('en'))).toContain('4,200 of your 10,000 steps');
    expect(composeCheckInText(ctx('es'))).toContain('4.200 de tus 10.000 pasos');
    expect(composeCheckInText(ctx('pt'))).toContain('4.200 de 10.000 passos');
    expect(composeCheckInText(ctx('de'))).toContain('4.200 deiner 10.000 Schritte');
    expect(composeCheckInText(ctx('fr'))).toMatch(/4\s200 sur vos 10\s000 pas/u);
    expect(composeCheckInText(ctx('es', [fund]))).toMatch(/1\.250\s\$ de tus 5\.000\s\$/u);
  });

  it('signs in the client language', () => {
    expect(signatureLine('assistant', 'Dana', 'es')).toBe('— asistente de Dana');
    expect(signatureLine('coach', 'Dana', 'de')).toBe('— Dana (über Cadence)');
    expect(signatureLine('assistant', 'Dana')).toBe("— Dana's assistant");
    const ctx = { ...contexts('fr')[0]!, coach: { name: 'Dana Rivers', firstName: 'Dana', survey: { ...survey(''), signature: 'coach' as const } } };
    expect(composeCheckInText(ctx)).toMatch(/— Dana \(via Cadence\)$/);
  });

  it('keeps English exactly as before', () => {
    const ctx: CheckInContext = { ...contexts('en')[0]!, goals: [steps], recent: [], localTime: 'Monday 09:00' };
    expect(composeCheckInText(ctx)).toMatch(/^(Good morning, Quinn!|Hi Quinn!|Hey Quinn!|Happy Monday, Quinn!|Hi Quinn, hope the week is going well\.) /);
  });
});

describe('OpenAI prompts carry the language', () => {
  const ctx: CheckInContext = { ...contexts('es')[0]!, goals: [steps] };
  it('writes to the client in their language and to the coach in English', () => {
    const rule = 'Write the message to the client in Spanish; write the summary, insights and concerns for the coach in English.';
    expect(checkInPrompt(ctx)[0]!.content).toContain(rule);
    // One address form per language (decision 0094): French coaching says "vous".
    expect(checkInPrompt({ ...ctx, client: { ...ctx.client, language: 'fr' } })[0]!.content).toContain('Address the client formally, as "vous", never "tu".');
    expect(followUpPrompt({ ...ctx, message: 'x', reply: 'y', analysis: analysis('medium', []) })[0]!.content).toContain(rule);
    expect(analysisPrompt({ ...ctx, message: 'x', reply: 'y' })[0]!.content).toMatch(/write coachSummary, insights, executiveSummary, concerns and unattributed in English/);
    expect(checkInPrompt(ctx)[0]!.content).toContain('"— asistente de Dana"');
  });
});

describe('detectLanguage', () => {
  const samples: [string, ClientLanguage][] = [
    ['Did 5 km today, feeling good', 'en'],
    ["Walked 6,500 steps, knee is still sore but it's better", 'en'],
    ['Hoy hice 5 km y me siento muy bien', 'es'],
    ['Caminé 6.500 pasos, todavía me duele la rodilla', 'es'],
    ['Fiz 5 km hoje, estou muito bem', 'pt'],
    ['Ainda não terminei o livro, mas li 40 páginas', 'pt'],
    ['Heute 8000 Schritte, war gut', 'de'],
    ['Ich bin diese Woche sehr müde, aber ich habe es geschafft', 'de'],
    ["J'ai fait 5 km aujourd'hui, ça va bien", 'fr'],
    ['Je suis fatigué cette semaine mais pas de douleur', 'fr'],
  ];
  for (const [text, language] of samples) it(`"${text}" → ${language}`, () => expect(detectLanguage(text)).toBe(language));
  it('says nothing about a reply too short to tell', () => {
    for (const text of ['5', 'done', '👍', '6500', 'ok']) expect(detectLanguage(text)).toBeNull();
  });

  it('proposes a language after two replies in a row, never on one', () => {
    const client = { language: 'en' as const, detectedLanguage: null, suggestedLanguage: null };
    const first = languageAfterReply(client, 'Hoy hice 5 km y me siento muy bien');
    expect(first).toEqual({ detectedLanguage: 'es' });
    // A bare number between them neither breaks nor extends the streak.
    expect(languageAfterReply({ ...client, ...first }, '6500')).toEqual({});
    expect(languageAfterReply({ ...client, ...first }, 'Todavía me duele la rodilla, pero caminé')).toEqual({ detectedLanguage: 'es', suggestedLanguage: 'es' });
    // An English reply in between breaks it.
    expect(languageAfterReply({ ...client, detectedLanguage: 'es' }, 'Did 5 km today, feeling good')).toEqual({ detectedLanguage: 'en' });
    // The client's own language is never proposed.
    expect(languageAfterReply({ language: 'es', detectedLanguage: 'es', suggestedLanguage: null }, 'Hoy hice 5 km y me siento bien')).toEqual({ detectedLanguage: 'es' });
  });
});

describe('opt-out and opt-in words', () => {
  it('honours each language’s words, accents and case aside', () => {
    for (const word of ['STOP', 'PARAR', 'cancelar', 'Detener', 'SAIR', 'stopp', 'Abmelden', 'ARRET', 'Arrêt!', 'désabonner', 'STOPALL']) expect(SMS_STOP_WORDS.has(keywordOf(word)), word).toBe(true);
    for (const word of ['START', 'inicio', 'VOLTAR', 'Début', 'UNSTOP']) expect(SMS_START_WORDS.has(keywordOf(word)), word).toBe(true);
    for (const word of ['stop texting me', 'para', 'hola']) expect(SMS_STOP_WORDS.has(keywordOf(word)), word).toBe(false);
  });

  it('never takes a one-word answer for an opt-out: "alto" (high) and "baja" (low) are replies', () => {
    for (const word of ['alto', 'Baja', 'BAJA.', 'Alta', 'bajo', 'energía baja', 'muy alto']) {
      expect(SMS_STOP_WORDS.has(keywordOf(word)), word).toBe(false);
      expect(SMS_START_WORDS.has(keywordOf(word)), word).toBe(false);
    }
  });

  it('confirms in the language of the word, the client’s own when the word is shared', () => {
    expect(keywordLanguage('PARAR', 'pt')).toBe('pt');
    expect(keywordLanguage('PARAR', 'en')).toBe('es');
    expect(keywordLanguage('STOPP', 'en')).toBe('de');
    expect(CARRIER_CONFIRMED_WORDS.has('STOP')).toBe(true);
    expect(CARRIER_CONFIRMED_WORDS.has('PARAR')).toBe(false);
  });

  it('writes the consent notice in the client language with that language’s words', () => {
    expect(SMS_TEXTS.consentNotice('Dana Rivers', 'es')).toContain('Responde PARAR');
    expect(SMS_TEXTS.consentNotice('Dana Rivers', 'de')).toContain('Antworte STOPP');
    expect(SMS_TEXTS.consentNotice('Dana Rivers')).toContain('Reply STOP');
    for (const l of CLIENT_LANGUAGES) expect(PLATFORM_TEXTS[l].consentNotice('Dana').length).toBeLessThan(320);
  });
});

describe('client e-mails and the French address form (decision 0094)', () => {
  it('writes e-mail subjects and the reply-page line in the client language', () => {
    expect(CLIENT_LANGUAGES.map((l) => checkInEmailSubject('Dana Rivers', l))).toEqual([
      'Check-in from Dana Rivers',
      'Check-in de Dana Rivers',
      'Check-in de Dana Rivers',
      'Check-in von Dana Rivers',
      "Point d'étape de Dana Rivers",
    ]);
    expect(followUpEmailSubject('Dana Rivers', 'de')).toBe('Re: Check-in von Dana Rivers');
    expect(coachMessageEmailSubject('Dana Rivers', 'es')).toBe('Un mensaje de Dana Rivers');
    expect(PLATFORM_TEXTS.pt.emailLink('https://x/r/abc')).toBe('Responda com um toque (sem criar conta): https://x/r/abc');
  });

  it('addresses a French client as "vous" in every text Cadence or the local writer sends', () => {
    // "tu", "te", "ton", "ta", "tes", "toi" and the "-tu"/"-toi" forms, as words (not "toute", "tête").
    const tutoiement = /(^|[^\p{L}])((tu|te|toi|ton|ta|tes)(?=[^\p{L}]|$)|t['’])|-(tu|toi)\b/iu;
    const fr = PLATFORM_TEXTS.fr;
    const platform = [fr.consentNotice('Dana'), fr.optedOut, fr.optedIn, fr.checkInSubject('Dana'), fr.messageSubject('Dana'), fr.emailLink('u'), fr.smsLink('u')];
    const written = [...contexts('fr').map(composeCheckInText), ...followUps('fr').map(composeFollowUpText)];
    for (const text of [...platform, ...written]) expect(text, text).not.toMatch(tutoiement);
    expect(written.some((t) => /\b(vous|votre|vos)\b/i.test(t))).toBe(true);
  });
});
