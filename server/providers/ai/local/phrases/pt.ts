import type { PartOfDay, Phrases, UnitWord } from './types';

const greeting: Record<PartOfDay, string> = { morning: 'Bom dia', afternoon: 'Boa tarde', evening: 'Boa noite' };
const partNoun: Record<PartOfDay, string> = { morning: 'manhã', afternoon: 'tarde', evening: 'noite' };
const howMany = (u: UnitWord) => `${u.feminine ? 'Quantas' : 'Quantos'} ${u.word}`;
const the = (u: UnitWord) => `${u.feminine ? 'as' : 'os'} ${u.word}`;

/** The topic reader's body parts, with the article Portuguese uses for one's own body. */
const BODY: Record<string, string> = {
  knee: 'o joelho', knees: 'os joelhos', back: 'as costas', 'lower back': 'a lombar', ankle: 'o tornozelo', shoulder: 'o ombro',
  hip: 'o quadril', neck: 'o pescoço', foot: 'o pé', feet: 'os pés', wrist: 'o punho', hamstring: 'o posterior da coxa', calf: 'a panturrilha',
  calves: 'as panturrilhas', shin: 'a canela', shins: 'as canelas', elbow: 'o cotovelo', head: 'a cabeça', leg: 'a perna', legs: 'as pernas',
  toe: 'o dedo do pé', achilles: 'o tendão de Aquiles', stomach: 'o estômago', chest: 'o peito',
};

/** "o joelho" → "no joelho", "as costas" → "nas costas". */
const inThe = (phrase: string) => phrase.replace(/^(o|a|os|as) /, (_, article: string) => `n${article} `);

export const pt: Phrases = {
  language: 'pt',
  opening: {
    direct: (first, part) => [`${first}, um check-in rápido.`, `Oi, ${first}.`, `${greeting[part]}, ${first}.`, `Hora do check-in, ${first}.`],
    supportive: (first, part) => [`Oi, ${first}, espero que você esteja bem.`, `${greeting[part]}, ${first}!`, `Oi, ${first}, espero que a sua ${partNoun[part]} esteja tranquila.`, `Oi, ${first}!`],
    analytical: (first, part) => [`Oi, ${first}, hora de uma checagem rápida do progresso.`, `${greeting[part]}, ${first}.`, `Oi, ${first}, hora dos números.`],
    friendly: (first, part, day) => [`${greeting[part]}, ${first}!`, `Oi, ${first}!`, `E aí, ${first}!`, ...(day ? [`Boa ${day}, ${first}!`] : []), `Oi, ${first}, espero que a semana esteja indo bem.`],
  },
  weekdays: { Monday: 'segunda', Tuesday: 'terça', Wednesday: 'quarta', Thursday: 'quinta', Friday: 'sexta', Saturday: 'sábado', Sunday: 'domingo' },
  memory: {
    pain: (pain) => [`Da última vez você comentou sobre ${pain}, então espero que esteja melhorando.`, `Espero que você já sinta melhora ${inThe(pain)}.`],
    illness: 'Espero que você esteja se sentindo melhor do que da última vez.',
    blocker: (blocker) => `Da última vez ainda estava pendente: ${blocker}.`,
    tough: 'Da última vez as coisas estavam difíceis, então pegue leve com você.',
    momentum: 'Da última vez você estava num ótimo ritmo.',
  },
  painPhrase: (pain) => (pain === 'pain' ? 'a dor' : (BODY[pain] ?? 'a região')),
  standingOpen: (title) => `"${title}" ainda em aberto`,
  standingTitled: (title, of) => `"${title}" em ${of}`,
  whereTitled: (of, title) => `${of} em "${title}"`,
  soFar: (where) => [`O último registro que tenho: ${where}.`, `Você está em ${where} até agora.`, `Até agora: ${where}.`],
  nextStop: (m) => `Próxima etapa: ${m}.`,
  single: {
    milestoneDirect: (m) => `"${m}" já está feito?`,
    milestone: (m) => `Como está indo "${m}"?`,
    goalDirect: (title) => `"${title}" já está feito?`,
    goal: (title) => [`Como está indo "${title}"?`, `Alguma novidade em "${title}"?`],
    dailyNoUnit: 'Como você está hoje?',
    dailyDirect: (u) => `${howMany(u)} hoje?`,
    daily: (u) => [`${howMany(u)} você já fez hoje?`, `Como estão ${the(u)} de hoje?`],
    currencyDirect: 'Quanto você guardou desde a última vez que conversamos?',
    currency: 'Quanto você conseguiu guardar desde a última vez que conversamos?',
    noUnitDirect: 'Qual é o seu número agora?',
    noUnit: 'Em que ponto você está agora?',
    unitDirect: (u) => `${howMany(u)} desde a última vez?`,
    unitAnalytical: (u) => `O que você registrou desde o último check-in, em ${u.word}?`,
    unit: (u) => [`${howMany(u)} você somou desde a última vez que conversamos?`, `Como foram ${the(u)} desde a última vez que conversamos?`],
  },
  global: {
    direct: ['O que você fez em cada um desde a última vez que conversamos?'],
    analytical: ['Quais são os seus números mais recentes em cada um?'],
    supportive: ['Como foi cada um para você desde a última vez que conversamos?'],
    friendly: ['Como foi cada um desde a última vez que conversamos?', 'Quais são as novidades de cada um?'],
  },
  noGoals: { direct: 'Como foi a semana?', other: 'Como estão as coisas nesta semana?' },
  whereThingsStand: (list) => `Como estão as coisas: ${list.slice(0, -1).join('; ')} e ${list.at(-1)}.`,
  quickCheckIn: (count) => `Um check-in rápido sobre as suas ${count} metas.`,
  ack: {
    highDirect: (first) => [`Bom trabalho, ${first}.`, `Muito bem, ${first}.`],
    high: (first) => [`Adorei, ${first}!`, `Que bom saber disso, ${first}!`, `Demais, ${first}!`],
    low: (first) => [`Obrigado pela sinceridade, ${first}.`, `Entendo, ${first}.`, `Obrigado por me contar, ${first}.`],
    neutral: (first) => [`Obrigado pela atualização, ${first}.`, `Anotado, obrigado, ${first}.`, `Valeu, ${first}!`],
  },
  progress: {
    reached: (title) => `Meta de "${title}" alcançada!`,
    untitled: (of) => `Agora são ${of}.`,
    titled: (title, of) => `"${title}" está em ${of} agora.`,
    done: (title) => `Que ótimo que "${title}" está feito.`,
    allLogged: 'Tudo registrado: bom progresso em várias frentes.',
  },
  unclear: 'Não registrei um número porque não consegui saber de qual meta ele era: me diga e eu adiciono.',
  next: {
    pain: (pain) => `Vá com calma com ${pain}: descanse e não force se doer.`,
    illness: 'Primeiro descanse; retomamos quando você estiver melhor.',
    question: (coach) => `Passei sua pergunta para ${coach}.`,
    blocker: (blocker) => `Próximo passo: ${blocker}. Reserve dez minutos na agenda para isso hoje.`,
    lowSupportive: 'Um pequeno passo amanhã já basta.',
    low: 'Escolha um pequeno passo para amanhã e me conte como foi.',
    milestoneDirect: (m) => `Próximo: ${m}.`,
    milestone: (m) => `A seguir: ${m}.`,
    keepDirect: 'Mantenha o ritmo.',
    keep: ['Continue assim!', 'Repete na próxima!', 'Mantenha esse ritmo.'],
  },
  // "seus" / "suas" would need the unit's gender: "4.200 de 10.000 passos" reads as naturally.
  ofTarget: (now, target) => `${now} de ${target}`,
  units: {
    steps: { one: 'passo', many: 'passos' },
    km: { one: 'km', many: 'km' },
    kilometers: { one: 'quilômetro', many: 'quilômetros' },
    miles: { one: 'milha', many: 'milhas', feminine: true },
    minutes: { one: 'minuto', many: 'minutos' },
    mins: { one: 'minuto', many: 'minutos' },
    hours: { one: 'hora', many: 'horas', feminine: true },
    glasses: { one: 'copo', many: 'copos' },
    books: { one: 'livro', many: 'livros' },
    pages: { one: 'página', many: 'páginas', feminine: true },
    chapters: { one: 'capítulo', many: 'capítulos' },
    sessions: { one: 'sessão', many: 'sessões', feminine: true },
    workouts: { one: 'treino', many: 'treinos' },
    runs: { one: 'corrida', many: 'corridas', feminine: true },
    days: { one: 'dia', many: 'dias' },
    times: { one: 'vez', many: 'vezes', feminine: true },
    words: { one: 'palavra', many: 'palavras', feminine: true },
    lbs: { one: 'libra', many: 'libras', feminine: true },
    pounds: { one: 'libra', many: 'libras', feminine: true },
    liters: { one: 'litro', many: 'litros' },
    reps: { one: 'repetição', many: 'repetições', feminine: true },
    classes: { one: 'aula', many: 'aulas', feminine: true },
  },
};
