import { describe, expect, it } from 'vitest';
import { analyseReplyText } from '@/server/providers/ai/local';
import { languagesOf, readerText } from '@/server/providers/ai/local/lexicon';
import { digitise } from '@/server/providers/ai/local/numbers';
import type { AiGoal, ReplyContext } from '@/server/providers/ai/types';

/** What the reader reads: the lexicon's rewrite, then the reader's own number rewrite. */
const read = (text: string) => digitise(readerText(text).text);

function goal(id: string, title: string, target: number | null, unit: string | null, currentValue: number): AiGoal {
  return { id, title, type: target === null ? 'task' : 'progress', description: null, target, unit, currentValue, progress: 0, milestones: [] };
}

function analyse(reply: string, goals: AiGoal[]) {
  // The coach writes a client's goals in the client's language, and sets that language on the client.
  const language = languagesOf(goals.map((g) => g.title).join('\n'))[0] ?? 'en';
  const ctx: ReplyContext = {
    coach: { name: 'Dana Rivers', firstName: 'Dana', survey: null },
    client: { firstName: 'Ana', lastName: 'Ruiz', timezone: 'UTC', language },
    goals,
    isGlobal: goals.length > 1,
    recent: [],
    localTime: 'Monday 18:00',
    message: 'How did it go?',
    reply,
  };
  return analyseReplyText(ctx);
}

describe('the language of a reply', () => {
  it('is found from words no English reply has, and English stays English', () => {
    expect(languagesOf('Hoy corrí 8 km por el parque')).toEqual(['es']);
    expect(languagesOf('Corri mais 7 km hoje cedo')).toEqual(['pt']);
    expect(languagesOf('Heute nochmal 35 km mit dem Rad')).toEqual(['de']);
    expect(languagesOf("J'ai couru 9 km ce matin avec les enfants")).toEqual(['fr']);
    expect(languagesOf('Ran 8 km this morning, legs felt great')).toEqual([]);
    expect(readerText('Ran 1.5 km and 10,000 steps').text).toBe('Ran 1.5 km and 10,000 steps');
  });
});

describe('numbers in Spanish, Portuguese, German and French', () => {
  it('reads thousands dots and spaces and decimal commas', () => {
    expect(read('Hoy caminé 10.000 pasos')).toContain('10000 steps');
    expect(read("Aujourd'hui j'ai fait 12 500 pas")).toContain('12500 steps');
    expect(read('Heute 6,5 km gelaufen')).toContain('6.5 km');
    expect(read('Ahorré 1.250,50 euros esta semana')).toContain('1250.50 euros');
    expect(read('Corri 1.200 metros hoje')).toContain('1200');
  });

  it('reads number words, compounds and thousands', () => {
    expect(read('Hoy leí veinticinco páginas')).toContain('25 pages');
    expect(read('Esta semana treinta y cinco minutos')).toContain('35 minutes');
    expect(read('Hoje li vinte e duas páginas')).toContain('22 pages');
    expect(read('Ich habe heute fünfundzwanzig Seiten gelesen')).toContain('25 pages');
    expect(read("Cette semaine j'ai lu vingt-cinq pages")).toContain('25 pages');
    expect(read('Hoy di tres mil pasos')).toContain('3000 steps');
    expect(read('Hoy leí ciento veinte páginas')).toContain('120 pages');
    expect(read('Li cento e vinte páginas hoje')).toContain('120 pages');
    expect(read("J'ai lu deux cents pages cette semaine")).toContain('200 pages');
  });

  it('reads times, halves and dozens', () => {
    expect(read('Diese Woche zweimal im Gym')).toContain('2 times');
    expect(read('Fui dos veces al gimnasio')).toContain('2 times');
    expect(read('Gestern eine halbe Stunde gelesen')).toContain('0.5 hours');
    expect(read('Nadei meia hora hoje')).toContain('0.5 hours');
    expect(read("J'ai marché une demi-heure aujourd'hui")).toContain('0.5 hours');
    expect(read('Nadé una hora y media el sábado')).toContain('1.5 hours');
    expect(read('Vendí una docena de pulseras hoy')).toContain('12 pulseras');
    expect(read('Lundi 1h30 de piano cette semaine')).toContain('90 minutes');
  });

  it('reads hedges, plans, negation and totals in the reader’s words', () => {
    expect(read('Creo que unos 5 km hoy')).toMatch(/about 5 km/);
    expect(read('Mañana voy a correr 10 km')).toMatch(/tomorrow going to run 10 km/);
    expect(read('Ich werde morgen 10 km laufen')).toMatch(/will tomorrow 10 km run/);
    expect(read("Je n'ai pas couru cette semaine")).toMatch(/not ran this week/);
    expect(read('Ya llevo 45 km en total este mes')).toMatch(/i'm at 45 km in total/);
    expect(read("J'en suis à 120 pages au total")).toMatch(/i'm at 120 pages in total/);
  });
});

describe('the local reader on replies in other languages', () => {
  it('adds an amount, reads a stated total and leaves a plan alone', () => {
    const run = goal('run', 'Correr 100 km este trimestre', 100, 'km', 42);
    expect(analyse('Hoy salí a correr 8 km, me sentí súper bien', [run]).progress).toEqual([{ goalId: 'run', value: 50, completed: false }]);
    expect(analyse('Ya voy por los 61 km en total', [run]).progress).toEqual([{ goalId: 'run', value: 61, completed: false }]);
    expect(analyse('Mañana voy a correr 10 km', [run]).progress).toEqual([]);
    expect(analyse('Quizás unos 8 km, no sé', [run]).progress).toEqual([]);
  });

  it('attributes by the goal’s own words in each language', () => {
    const goals = [goal('rad', 'Radfahren: 300 km', 300, 'km', 140), goal('lauf', 'Laufen: 120 km', 120, 'km', 51)];
    expect(analyse('Heute 12 km gelaufen', goals).progress).toEqual([{ goalId: 'lauf', value: 63, completed: false }]);
    expect(analyse('Am Wochenende 25 km gemacht', goals).progress).toEqual([]);
    const books = [goal('livres', 'Lire 12 livres', 12, 'livres', 4)];
    expect(analyse("J'ai fini mon cinquième livre !", books).progress).toEqual([{ goalId: 'livres', value: 5, completed: false }]);
  });

  it('marks a task done, and not when it is still to do', () => {
    const task = [goal('cv', 'Atualizar o currículo', null, null, 0)];
    expect(analyse('Feito! Currículo atualizado ✅', task).progress).toEqual([{ goalId: 'cv', value: null, completed: true }]);
    expect(analyse('Ainda não, começo amanhã', task).progress).toEqual([]);
  });

  it('summarises in English without quoting the reply', () => {
    const goals = [goal('run', 'Correr 100 km', 100, 'km', 42), goal('cita', 'Pedir cita con el fisio', null, null, 0)];
    const a = analyse('Corrí 8 km pero me duele la rodilla, todavía tengo que pedir cita con el fisio', goals);
    expect(a.progress).toEqual([{ goalId: 'run', value: 50, completed: false }]);
    expect(a.coachSummary).toContain('Correr 100 km: 42 → 50 km.');
    expect(a.coachSummary).toContain('Mentions knee pain.');
    expect(a.coachSummary).not.toMatch(/rodilla|fisio con/);
  });
});

/** Replies written for this test (not from the corpus): the new value, "done", or "-" for none. */
const READINGS: [string, [string, string, number | null, string | null, number][], string][] = [
  ['Corrí 5 km el martes, 7 el jueves y 10 el domingo', [['r', 'Correr 100 km', 100, 'km', 40]], '62'],
  ['El sábado corro 10 km', [['r', 'Correr 100 km', 100, 'km', 40]], '-'],
  ['Corrí 4 o 5 km', [['r', 'Correr 100 km', 100, 'km', 40]], '-'],
  ['Mi hermana corrió 10 km hoy, yo nada', [['r', 'Correr 100 km', 100, 'km', 40]], '-'],
  ['Esta semana gasté 300 euros en el coche', [['s', 'Ahorrar 3.000 €', 3000, '€', 1200]], '-'],
  ['Estudié dos horas y media', [['h', 'Estudiar 50 horas', 50, 'horas', 10]], '12.5'],
  ['Ya pagué la inscripción del curso', [['t', 'Pagar la inscripción del curso', null, null, 0]], 'done'],
  ['Fiz três treinos essa semana 🔥', [['a', 'Fazer 40 treinos', 40, 'treinos', 10]], '13'],
  ['Economizei 300 reais, já estou com 2.300', [['s', 'Juntar R$ 5.000', 5000, 'reais', 2000]], '2300'],
  ['Ainda não renovei o passaporte', [['t', 'Renovar o passaporte', null, null, 0]], '-'],
  ['Tô em 60% do curso', [['c', 'Terminar 20 módulos do curso', 20, 'módulos', 8]], '12'],
  ['Drei Kapitel geschafft, jetzt bin ich bei Kapitel 9', [['k', '20 Kapitel schreiben', 20, 'Kapitel', 6]], '9'],
  ['Meine Frau ist 10 km gelaufen, ich leider nicht', [['r', '100 km laufen', 100, 'km', 40]], '-'],
  ['Zweieinhalb Stunden gelernt', [['h', '50 Stunden lernen', 50, 'Stunden', 10]], '12.5'],
  ['Zahnarzttermin gebucht!', [['t', 'Zahnarzttermin buchen', null, null, 0]], 'done'],
  ["J'ai couru 7 km hier et 5 km aujourd'hui", [['r', 'Courir 100 km', 100, 'km', 40]], '52'],
  ['Cette semaine 3 footings de 5 km', [['r', 'Courir 100 km', 100, 'km', 40]], '-'],
  ['Toujours à 3 livres, rien de neuf', [['l', 'Lire 12 livres', 12, 'livres', 3]], '-'],
  ["J'ai écrit 1 200 mots aujourd'hui", [['w', 'Écrire 50 000 mots', 50000, 'mots', 20000]], '21200'],
  ["J'ai pas encore appelé la banque", [['t', 'Appeler la banque', null, null, 0]], '-'],
  ['Me faltan 3 libros para la meta', [['l', 'Leer 12 libros', 12, 'libros', 7]], '9'],
  ['Faltam 2 livros', [['l', 'Ler 12 livros', 12, 'livros', 7]], '10'],
  ['Noch 20 km bis zum Ziel', [['l', '100 km laufen', 100, 'km', 70]], '80'],
  ['Plus que 3 livres !', [['l', 'Lire 12 livres', 12, 'livres', 7]], '9'],
  ['Terminé el capítulo 12', [['c', 'Leer 30 capítulos', 30, 'capítulos', 10]], '12'],
  ['cori 6km oy x el parke', [['r', 'Correr 100 km', 100, 'km', 40]], '46'],
  ['hab ned trainiert diese woch', [['r', '16 Workouts im Monat', 16, 'Workouts', 11]], '-'],
  // From the per-language held-back parts' misses: "letzter Woche", "gewesen", currency slang, "bateu", a share with the goal's
  // own participle, "ça fait N jours", "coder", "soirs".
  ['Seit letzter Woche 12 neue Follower', [['f', '300 Follower gewinnen', 300, 'Follower', 100]], '112'],
  ['Zweimal im Fitnessstudio gewesen', [['g', 'Fitnessstudio: 12-mal im Monat', 12, 'Einheiten', 3]], '5'],
  ['Hab 120 Stutz gespart', [['s', '2.000 Franken sparen', 2000, 'CHF', 500]], '620'],
  ['Paguei mais 150 conto do cartão', [['d', 'Pagar 3.000 reais do cartão', 3000, 'reais', 1000]], '1150'],
  ['A poupança já bateu R$ 2.500', [['s', 'Juntar 5.000 reais', 5000, 'reais', 2000]], '2500'],
  ['Ya llevo un 50% pintado', [['p', 'Pintar 10 habitaciones', 10, 'habitaciones', 2]], '5'],
  ['Ça fait 15 jours sans sucre', [['s', '60 jours sans sucre', 60, 'jours', 10]], '15'],
  ['Code 3 h ce soir, espagnol rien', [['e', 'Espagnol : 20 heures', 20, 'heures', 4], ['c', 'Apprendre à coder : 40 heures', 40, 'heures', 15]], '18'],
  ['Verdura todos los días menos el domingo', [['v', 'Comer verdura 20 días', 20, 'días', 9]], '15'],
  ['Medité 15 minutos cada mañana, 5 mañanas', [['m', 'Meditar 600 minutos', 600, 'minutos', 100]], '175'],
  ['Economizei R$ 300, mas tirei 100 pro carro', [['s', 'Juntar 5.000 reais', 5000, 'reais', 1000]], '-'],
  ["Ça fait 10 jours que je n'ai pas médité", [['m', 'Méditer 30 jours', 30, 'jours', 12]], '-'],
  ["J'ai enfin le permis en poche !", [['t', 'Passer le permis de conduire', null, null, 0]], 'done'],
  ['Lu 20 minutes chaque soir, 4 soirs', [['l', 'Lire 600 minutes ce mois-ci', 600, 'minutes', 100]], '180'],
  // English to titles in Spanish: "once" is no "once" (11); a bare "Hecho" is read in the titles' language.
  ['Went to the gym once this week', [['g', 'Ir al gimnasio 12 veces', 12, 'veces', 3]], '4'],
  ['Hecho ✅', [['t', 'Pedir cita con el dentista', null, null, 0]], 'done'],
];

describe.each(READINGS)('"%s"', (reply, goals, want) => {
  it(`reads ${want}`, () => {
    const progress = analyse(reply, goals.map(([id, title, target, unit, current]) => goal(id, title, target, unit, current))).progress;
    expect(progress.map((p) => (p.completed ? 'done' : String(p.value))).join(' ') || '-').toBe(want);
  });
});
