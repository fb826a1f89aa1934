import { describe, expect, it } from 'vitest';
import { postClientReply } from '../../scripts/client-reply';
import { FAKE_TWILIO_ACCOUNT } from '../helpers/fake-providers';
import { PLATFORM_TEXTS, type ClientLanguage } from '@/lib/languages';
import type { CheckInChanged, CheckInDto } from '@/lib/schemas/checkins';
import type { ClientChanged, ClientDto } from '@/lib/schemas/clients';
import { checkInsOf, eventually, uniquePhone } from './engine-helpers';
import { engineSuite } from './engine-stack';
import { signedInUser, type ErrorBody } from './helpers-auth';

/**
 * Each client's language (issue 17 item 5, decision 0086), with the local writer: the check-in and
 * the follow-up go out in the client's language, the coach reads the analysis in English; a language
 * seen in two replies in a row is proposed, and switched only when the coach says so.
 */

// No OpenAI key: the local writer and reader answer.
const e = engineSuite({ OPENAI_API_KEY: '' });

const coach = () => signedInUser(e.request, e.stack.outboxDir);
const reply = (from: string, body: string) => postClientReply({ appUrl: e.stack.baseUrl, authToken: FAKE_TWILIO_ACCOUNT.authToken, from, body, to: FAKE_TWILIO_ACCOUNT.from });
const textsTo = (phone: string) => e.sms.to(phone).map((m) => m.body);

async function clientIn(token: string, firstName: string, language?: ClientLanguage): Promise<ClientDto & { phone: string }> {
  const res = await e.request<{ client: ClientDto }>('POST', '/coach/clients', {
    token,
    body: {
      firstName,
      lastName: 'Tester',
      email: `${firstName.toLowerCase()}-${Date.now()}@example.com`,
      phone: uniquePhone(),
      timezone: 'America/New_York',
      ...(language ? { language } : {}),
      goalTitle: 'Walk 100 km',
      goalType: 'progress',
      metric: 'km',
      targetValue: 100,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...res.body.client, phone: res.body.client.phone! };
}

/** Sends a check-in, has the client answer it, and waits until the reply is analysed and answered. */
async function exchange(token: string, c: { id: string; phone: string }, answer: string): Promise<CheckInDto> {
  const sent = await e.request<CheckInChanged>('POST', '/checkins/ai/initiate', { token, body: { clientId: c.id } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  expect((await reply(c.phone, answer)).status).toBe(200);
  const list = await eventually(
    () => checkInsOf(e.request, token, c.id),
    (l) => l.some((x) => x.id === sent.body.checkIn.id && x.status === 'completed' && x.followUpStatus === 'sent'),
    20_000,
    'the analysed reply and its follow-up',
  );
  return list.find((x) => x.id === sent.body.checkIn.id)!;
}

const CONVERSATIONS: { language: ClientLanguage; answer: string; checkIn: RegExp; followUp: RegExp; signature: string }[] = [
  { language: 'en', answer: 'Walked 5 km today, feeling good', checkIn: /40 of your 100 km/, followUp: /45 of your 100 km|Thanks|Love|great|Brilliant|Got it/, signature: "'s assistant" },
  { language: 'es', answer: 'Hoy caminé 5 km y me siento muy bien', checkIn: /40 de tus 100 km/, followUp: /Gracias|Genial|Me encanta|Qué bien|Entendido|Buen trabajo|Muy bien/, signature: '— asistente de ' },
  { language: 'pt', answer: 'Hoje caminhei 5 km e estou muito bem', checkIn: /40 de 100 km/, followUp: /Obrigado|Adorei|Que bom|Demais|Anotado|Valeu|Bom trabalho|Muito bem/, signature: '— assistente de ' },
  { language: 'de', answer: 'Heute 5 km gelaufen, es geht mir sehr gut', checkIn: /40 deiner 100 km/, followUp: /Danke|Super|Klasse|Das freut|Alles klar|Gute Arbeit|Stark/, signature: '— Assistenz von ' },
  { language: 'fr', answer: "J'ai marché 5 km aujourd'hui, ça va très bien", checkIn: /40 sur vos 100 km/, followUp: /Merci|Génial|Bravo|Ça fait plaisir|C'est noté|Beau travail|Solide/, signature: "— l'assistant de " },
];

describe('a conversation in each language', () => {
  for (const { language, answer, checkIn, followUp, signature } of CONVERSATIONS) {
    it(`${language}: check-in and follow-up in the client's language, the analysis in English`, async () => {
      const { accessToken, user } = await coach();
      const c = await clientIn(accessToken, `Lang${language}`, language);
      expect(c.language).toBe(language);
      // Some progress first, so the check-in has a number to quote.
      await e.db`update goals set current_value = 40 where client_id = ${c.id}`;
      const done = await exchange(accessToken, c, answer);
      const [first, second] = textsTo(c.phone);
      // The first text starts with the consent notice, in the client's language.
      expect(first!.startsWith(`${PLATFORM_TEXTS[language].consentNotice(`${user.firstName} ${user.lastName}`.trim() || user.username)}\n\n`), first).toBe(true);
      expect(first).toMatch(checkIn);
      expect(first).toContain(signature);
      expect(second).toMatch(followUp);
      expect(second).toContain(signature);
      // The coach's side stays English.
      expect(done.coachSummary ?? '').toMatch(/[A-Za-z]/);
      expect(done.coachSummary ?? '').not.toMatch(/(?<!\p{L})(el|los|de tus|hoy|heute|deiner|aujourd|sur vos|você)(?!\p{L})/iu);
    });
  }
});

describe('a language proposed from the replies', () => {
  it('proposes Spanish after two Spanish replies, and switches only when the coach says so', async () => {
    const { accessToken } = await coach();
    const c = await clientIn(accessToken, 'Quinn');
    expect(c).toMatchObject({ language: 'en', suggestedLanguage: null });
    await exchange(accessToken, c, 'Hoy caminé 5 km, todavía me duele la rodilla');
    const afterOne = await e.request<{ client: ClientDto }>('GET', `/clients/${c.id}`, { token: accessToken });
    expect(afterOne.body.client).toMatchObject({ language: 'en', suggestedLanguage: null });
    await exchange(accessToken, c, 'Hice otros 3 km, estoy muy bien');
    const afterTwo = await e.request<{ client: ClientDto }>('GET', `/clients/${c.id}`, { token: accessToken });
    expect(afterTwo.body.client).toMatchObject({ language: 'en', suggestedLanguage: 'es' });

    const bad = await e.request<ErrorBody>('POST', `/coach/clients/${c.id}/language-suggestion`, { token: accessToken, body: { switch: 'yes' } });
    expect(bad.status).toBe(400);
    const switched = await e.request<ClientChanged>('POST', `/coach/clients/${c.id}/language-suggestion`, { token: accessToken, body: { switch: true } });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body.client).toMatchObject({ language: 'es', suggestedLanguage: null });
    const again = await e.request<ErrorBody>('POST', `/coach/clients/${c.id}/language-suggestion`, { token: accessToken, body: { switch: false } });
    expect(again.status).toBe(409);

    // The next check-in is written in Spanish.
    const preview = await e.request<{ message: string }>('POST', '/checkins/ai/preview', { token: accessToken, body: { clientId: c.id } });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.message).toMatch(/de tus 100 km/);
  });

  it('keeps the language when the coach says Keep', async () => {
    const { accessToken } = await coach();
    const c = await clientIn(accessToken, 'Keeper');
    await e.db`update clients set suggested_language = 'fr', detected_language = 'fr' where id = ${c.id}`;
    const kept = await e.request<ClientChanged>('POST', `/coach/clients/${c.id}/language-suggestion`, { token: accessToken, body: { switch: false } });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.client).toMatchObject({ language: 'en', suggestedLanguage: null });
  });

  it('is set in the edit form, and a language outside the five is refused with its field', async () => {
    const { accessToken } = await coach();
    const c = await clientIn(accessToken, 'Editor');
    const base = { firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone };
    const wrong = await e.request<ErrorBody>('PUT', `/clients/${c.id}`, { token: accessToken, body: { ...base, language: 'it' } });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('language');
    const saved = await e.request<ClientChanged>('PUT', `/clients/${c.id}`, { token: accessToken, body: { ...base, language: 'de' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.client.language).toBe('de');
  });
});

describe('opt-out words in the client language', () => {
  it('PARAR opts a Spanish client out and INICIO back in, each confirmed in Spanish', async () => {
    const { accessToken } = await coach();
    const c = await clientIn(accessToken, 'Parar', 'es');
    await exchange(accessToken, c, 'Hoy caminé 5 km');
    expect((await reply(c.phone, 'Parar')).status).toBe(200);
    await eventually(() => Promise.resolve(textsTo(c.phone)), (t) => t.includes(PLATFORM_TEXTS.es.optedOut), 10_000, 'the Spanish opt-out confirmation');
    const [row] = await e.db<{ sms_opted_out: boolean }[]>`select sms_opted_out from clients where id = ${c.id}`;
    expect(row!.sms_opted_out).toBe(true);
    expect((await reply(c.phone, 'INICIO')).status).toBe(200);
    await eventually(() => Promise.resolve(textsTo(c.phone)), (t) => t.includes(PLATFORM_TEXTS.es.optedIn), 10_000, 'the Spanish opt-in confirmation');
    const [back] = await e.db<{ sms_opted_out: boolean }[]>`select sms_opted_out from clients where id = ${c.id}`;
    expect(back!.sms_opted_out).toBe(false);
  });

  it('STOP is confirmed by the carrier, not by Cadence', async () => {
    const { accessToken } = await coach();
    const c = await clientIn(accessToken, 'Stopper', 'fr');
    await exchange(accessToken, c, "J'ai marché 5 km");
    const before = textsTo(c.phone).length;
    expect((await reply(c.phone, 'STOP')).status).toBe(200);
    const [row] = await eventually(() => e.db<{ sms_opted_out: boolean }[]>`select sms_opted_out from clients where id = ${c.id}`, (r) => r[0]?.sms_opted_out === true, 10_000, 'the opt-out');
    expect(row!.sms_opted_out).toBe(true);
    expect(textsTo(c.phone)).toHaveLength(before);
  });
});
