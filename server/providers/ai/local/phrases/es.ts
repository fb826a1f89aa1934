import type { PartOfDay, Phrases, UnitWord } from './types';

const greeting: Record<PartOfDay, string> = { morning: 'Buenos días', afternoon: 'Buenas tardes', evening: 'Buenas noches' };
const partNoun: Record<PartOfDay, string> = { morning: 'mañana', afternoon: 'tarde', evening: 'noche' };
const howMany = (u: UnitWord) => `${u.feminine ? 'Cuántas' : 'Cuántos'} ${u.word}`;
const the = (u: UnitWord) => `${u.feminine ? 'las' : 'los'} ${u.word}`;

/** The topic reader's body parts, with the article Spanish uses for one's own body. */
const BODY: Record<string, string> = {
  knee: 'la rodilla', knees: 'las rodillas', back: 'la espalda', 'lower back': 'la zona lumbar', ankle: 'el tobillo', shoulder: 'el hombro',
  hip: 'la cadera', neck: 'el cuello', foot: 'el pie', feet: 'los pies', wrist: 'la muñeca', hamstring: 'el isquiotibial', calf: 'el gemelo',
  calves: 'los gemelos', shin: 'la espinilla', shins: 'las espinillas', elbow: 'el codo', head: 'la cabeza', leg: 'la pierna', legs: 'las piernas',
  toe: 'el dedo del pie', achilles: 'el tendón de Aquiles', stomach: 'el estómago', chest: 'el pecho',
};

export const es: Phrases = {
  language: 'es',
  opening: {
    direct: (first, part) => [`${first}, un check-in rápido.`, `Hola, ${first}.`, `${greeting[part]}, ${first}.`, `Hora del check-in, ${first}.`],
    supportive: (first, part) => [`Hola, ${first}, espero que estés bien.`, `¡${greeting[part]}, ${first}!`, `Hola, ${first}, espero que tengas una ${partNoun[part]} tranquila.`, `¡Hola, ${first}!`],
    analytical: (first, part) => [`Hola, ${first}, toca un repaso rápido de tu progreso.`, `${greeting[part]}, ${first}.`, `Hola, ${first}, hora de los números.`],
    friendly: (first, part, day) => [`¡${greeting[part]}, ${first}!`, `¡Hola, ${first}!`, `¡Qué tal, ${first}!`, ...(day ? [`¡Feliz ${day}, ${first}!`] : []), `Hola, ${first}, espero que la semana vaya bien.`],
  },
  weekdays: { Monday: 'lunes', Tuesday: 'martes', Wednesday: 'miércoles', Thursday: 'jueves', Friday: 'viernes', Saturday: 'sábado', Sunday: 'domingo' },
  memory: {
    pain: (pain) => [`La última vez mencionaste molestias en ${pain}; espero que vaya a mejor.`, `Espero que ya notes mejoría en ${pain}.`],
    illness: 'Espero que te encuentres mejor que la última vez.',
    blocker: (blocker) => `La última vez aún tenías pendiente: ${blocker}.`,
    tough: 'La última vez fue una semana dura, así que no te exijas demasiado.',
    momentum: 'La última vez ibas con muy buen ritmo.',
  },
  painPhrase: (pain) => (pain === 'pain' ? 'el dolor' : (BODY[pain] ?? 'esa zona')),
  standingOpen: (title) => `"${title}" aún pendiente`,
  standingTitled: (title, of) => `"${title}" en ${of}`,
  whereTitled: (of, title) => `${of} en "${title}"`,
  soFar: (where) => [`Lo último que tengo: ${where}.`, `Llevas ${where} hasta ahora.`, `Hasta ahora: ${where}.`],
  nextStop: (m) => `Próxima meta: ${m}.`,
  single: {
    milestoneDirect: (m) => `¿Ya está hecho "${m}"?`,
    milestone: (m) => `¿Cómo va "${m}"?`,
    goalDirect: (title) => `¿Ya está hecho "${title}"?`,
    goal: (title) => [`¿Cómo va "${title}"?`, `¿Algún avance con "${title}"?`],
    dailyNoUnit: '¿Cómo vas hoy?',
    dailyDirect: (u) => `¿${howMany(u)} hoy?`,
    daily: (u) => [`¿${howMany(u)} llevas hoy?`, `¿Qué tal van hoy ${the(u)}?`],
    currencyDirect: '¿Cuánto ahorraste desde la última vez que hablamos?',
    currency: '¿Cuánto pudiste apartar desde la última vez que hablamos?',
    noUnitDirect: '¿Cuál es tu cifra ahora?',
    noUnit: '¿Cómo vas ahora?',
    unitDirect: (u) => `¿${howMany(u)} desde la última vez?`,
    unitAnalytical: (u) => `¿Qué registraste desde el último check-in, en ${u.word}?`,
    unit: (u) => [`¿${howMany(u)} sumaste desde la última vez que hablamos?`, `¿Qué tal fueron ${the(u)} desde la última vez que hablamos?`],
  },
  global: {
    direct: ['¿Qué lograste en cada uno desde la última vez que hablamos?'],
    analytical: ['¿Cuáles son tus últimas cifras en cada uno?'],
    supportive: ['¿Cómo te fue con cada uno desde la última vez que hablamos?'],
    friendly: ['¿Cómo fue cada uno desde la última vez que hablamos?', '¿Qué novedades hay en cada uno?'],
  },
  noGoals: { direct: '¿Cómo fue la semana?', other: '¿Cómo va todo esta semana?' },
  whereThingsStand: (list) => `Así van las cosas: ${list.slice(0, -1).join('; ')} y ${list.at(-1)}.`,
  quickCheckIn: (count) => `Un check-in rápido de tus ${count} objetivos.`,
  ack: {
    highDirect: (first) => [`Buen trabajo, ${first}.`, `Muy bien, ${first}.`],
    high: (first) => [`¡Me encanta, ${first}!`, `¡Qué bien leer esto, ${first}!`, `¡Genial, ${first}!`],
    low: (first) => [`Gracias por tu sinceridad, ${first}.`, `Te entiendo, ${first}.`, `Gracias por contármelo, ${first}.`],
    neutral: (first) => [`Gracias por contarme cómo vas, ${first}.`, `Entendido, gracias, ${first}.`, `¡Gracias, ${first}!`],
  },
  progress: {
    reached: (title) => `¡Objetivo de "${title}" alcanzado!`,
    untitled: (of) => `Ya llevas ${of}.`,
    titled: (title, of) => `"${title}" va en ${of}.`,
    done: (title) => `¡Qué bien que "${title}" esté hecho!`,
    allLogged: 'Todo registrado: buen avance en varios frentes.',
  },
  unclear: 'No registré un número porque no supe a qué objetivo correspondía: dime cuál y lo añado.',
  next: {
    pain: (pain) => `Cuida ${pain}: descansa y no fuerces si duele.`,
    illness: 'Primero descansa; retomamos cuando te sientas mejor.',
    blocker: (blocker) => `Siguiente paso: ${blocker}. Resérvale hoy diez minutos en tu agenda.`,
    lowSupportive: 'Con un pequeño paso mañana es suficiente.',
    low: 'Elige un pequeño paso para mañana y cuéntame cómo te fue.',
    milestoneDirect: (m) => `Siguiente: ${m}.`,
    milestone: (m) => `Lo próximo: ${m}.`,
    keepDirect: 'Mantén el ritmo.',
    keep: ['¡Sigue así!', '¡Lo mismo la próxima vez!', 'Mantén ese ritmo.'],
  },
  ofTarget: (now, target, your) => `${now} de ${your ? 'tus ' : ''}${target}`,
  units: {
    steps: { one: 'paso', many: 'pasos' },
    km: { one: 'km', many: 'km' },
    kilometers: { one: 'kilómetro', many: 'kilómetros' },
    miles: { one: 'milla', many: 'millas', feminine: true },
    minutes: { one: 'minuto', many: 'minutos' },
    mins: { one: 'minuto', many: 'minutos' },
    hours: { one: 'hora', many: 'horas', feminine: true },
    glasses: { one: 'vaso', many: 'vasos' },
    books: { one: 'libro', many: 'libros' },
    pages: { one: 'página', many: 'páginas', feminine: true },
    chapters: { one: 'capítulo', many: 'capítulos' },
    sessions: { one: 'sesión', many: 'sesiones', feminine: true },
    workouts: { one: 'entrenamiento', many: 'entrenamientos' },
    runs: { one: 'carrera', many: 'carreras', feminine: true },
    days: { one: 'día', many: 'días' },
    times: { one: 'vez', many: 'veces', feminine: true },
    words: { one: 'palabra', many: 'palabras', feminine: true },
    lbs: { one: 'libra', many: 'libras', feminine: true },
    pounds: { one: 'libra', many: 'libras', feminine: true },
    liters: { one: 'litro', many: 'litros' },
    reps: { one: 'repetición', many: 'repeticiones', feminine: true },
    classes: { one: 'clase', many: 'clases', feminine: true },
  },
};

