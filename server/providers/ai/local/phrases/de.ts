import type { PartOfDay, Phrases } from './types';

const greeting: Record<PartOfDay, string> = { morning: 'Guten Morgen', afternoon: 'Guten Tag', evening: 'Guten Abend' };
const partNoun: Record<PartOfDay, string> = { morning: 'Morgen', afternoon: 'Tag', evening: 'Abend' };

/** The topic reader's body parts, as German says "dein Knie" / "deine Schulter". */
const BODY: Record<string, string> = {
  knee: 'dein Knie', knees: 'deine Knie', back: 'dein Rücken', 'lower back': 'dein unterer Rücken', ankle: 'dein Knöchel', shoulder: 'deine Schulter',
  hip: 'deine Hüfte', neck: 'dein Nacken', foot: 'dein Fuß', feet: 'deine Füße', wrist: 'dein Handgelenk', hamstring: 'deine Oberschenkelrückseite',
  calf: 'deine Wade', calves: 'deine Waden', shin: 'dein Schienbein', shins: 'deine Schienbeine', elbow: 'dein Ellbogen', head: 'dein Kopf',
  leg: 'dein Bein', legs: 'deine Beine', toe: 'dein Zeh', achilles: 'deine Achillessehne', stomach: 'dein Magen', chest: 'deine Brust',
};

const PLURAL: ReadonlySet<string> = new Set(['deine Knie', 'deine Füße', 'deine Waden', 'deine Schienbeine', 'deine Beine']);
/** The verb agreeing with the body part: "dein Knie macht", "deine Knie machen". */
const agree = (pain: string, one: string, many: string) => (PLURAL.has(pain) ? many : one);
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const de: Phrases = {
  language: 'de',
  opening: {
    direct: (first, part) => [`${first}, kurzer Check-in.`, `Hallo ${first}.`, `${greeting[part]}, ${first}.`, `Zeit für den Check-in, ${first}.`],
    supportive: (first, part) => [`Hallo ${first}, ich hoffe, es geht dir gut.`, `${greeting[part]}, ${first}!`, `Hey ${first}, ich hoffe, du hast einen ruhigen ${partNoun[part]}.`, `Hallo ${first}!`],
    analytical: (first, part) => [`Hallo ${first}, Zeit für einen kurzen Fortschrittscheck.`, `${greeting[part]}, ${first}.`, `Hallo ${first}, Zeit für die Zahlen.`],
    friendly: (first, part, day) => [`${greeting[part]}, ${first}!`, `Hallo ${first}!`, `Hey ${first}!`, ...(day ? [`Einen schönen ${day}, ${first}!`] : []), `Hallo ${first}, ich hoffe, die Woche läuft gut.`],
  },
  weekdays: { Monday: 'Montag', Tuesday: 'Dienstag', Wednesday: 'Mittwoch', Thursday: 'Donnerstag', Friday: 'Freitag', Saturday: 'Samstag', Sunday: 'Sonntag' },
  memory: {
    pain: (pain) => [`Letztes Mal ${agree(pain, 'hat', 'haben')} ${pain} dir Probleme gemacht, ich hoffe, es wird besser.`, `Ich hoffe, ${pain} ${agree(pain, 'macht', 'machen')} dir weniger zu schaffen als letztes Mal.`],
    illness: 'Ich hoffe, es geht dir besser als letztes Mal.',
    blocker: (blocker) => `Letztes Mal stand noch aus: ${blocker}.`,
    tough: 'Letztes Mal war es eine harte Zeit, also sei nachsichtig mit dir.',
    momentum: 'Letztes Mal warst du richtig gut in Schwung.',
  },
  painPhrase: (pain) => (pain === 'pain' ? 'der Schmerz' : (BODY[pain] ?? 'die Stelle')),
  standingOpen: (title) => `"${title}" noch offen`,
  standingTitled: (title, of) => `"${title}" bei ${of}`,
  whereTitled: (of, title) => `${of} für "${title}"`,
  soFar: (where) => [`Zuletzt habe ich bei dir ${where}.`, `Du stehst bisher bei ${where}.`, `Bisher: ${where}.`],
  nextStop: (m) => `Nächste Etappe: ${m}.`,
  single: {
    milestoneDirect: (m) => `Ist "${m}" schon erledigt?`,
    milestone: (m) => `Wie läuft es mit "${m}"?`,
    goalDirect: (title) => `Ist "${title}" schon erledigt?`,
    goal: (title) => [`Wie läuft es mit "${title}"?`, `Gibt es Neues bei "${title}"?`],
    dailyNoUnit: 'Wo stehst du heute?',
    dailyDirect: (u) => `Wie viele ${u.word} heute?`,
    daily: (u) => [`Wie viele ${u.word} hast du heute schon?`, `Wie sieht es heute mit den ${u.word} aus?`],
    currencyDirect: 'Wie viel hast du seit unserem letzten Austausch zurückgelegt?',
    currency: 'Wie viel konntest du seit unserem letzten Austausch zur Seite legen?',
    noUnitDirect: 'Wie ist dein Stand jetzt?',
    noUnit: 'Wo stehst du jetzt?',
    unitDirect: (u) => `Wie viele ${u.word} seit dem letzten Mal?`,
    unitAnalytical: (u) => `Was hast du seit dem letzten Check-in eingetragen, in ${u.word}?`,
    unit: (u) => [`Wie viele ${u.word} sind seit unserem letzten Austausch dazugekommen?`, `Wie liefen die ${u.word} seit unserem letzten Austausch?`],
  },
  global: {
    direct: ['Was hast du seit unserem letzten Austausch bei jedem geschafft?'],
    analytical: ['Wie lauten deine aktuellen Zahlen bei jedem?'],
    supportive: ['Wie ist es dir seit unserem letzten Austausch mit jedem davon ergangen?'],
    friendly: ['Wie lief es seit unserem letzten Austausch bei jedem davon?', 'Was gibt es Neues bei jedem?'],
  },
  noGoals: { direct: 'Wie war die Woche?', other: 'Wie läuft es diese Woche?' },
  whereThingsStand: (list) => `Der aktuelle Stand: ${list.slice(0, -1).join('; ')} und ${list.at(-1)}.`,
  quickCheckIn: (count) => `Ein kurzer Check-in zu deinen ${count} Zielen.`,
  ack: {
    highDirect: (first) => [`Gute Arbeit, ${first}.`, `Stark, ${first}.`],
    high: (first) => [`Super, ${first}!`, `Das freut mich zu hören, ${first}!`, `Klasse, ${first}!`],
    low: (first) => [`Danke für deine Ehrlichkeit, ${first}.`, `Ich verstehe dich, ${first}.`, `Danke, dass du es mir erzählst, ${first}.`],
    neutral: (first) => [`Danke für das Update, ${first}.`, `Alles klar, danke ${first}.`, `Danke, ${first}!`],
  },
  progress: {
    reached: (title) => `Damit ist dein Ziel für "${title}" erreicht!`,
    untitled: (of) => `Das sind jetzt ${of}.`,
    titled: (title, of) => `"${title}" steht jetzt bei ${of}.`,
    done: (title) => `Super, dass "${title}" erledigt ist.`,
    allLogged: 'Alles eingetragen: schöne Fortschritte auf ganzer Linie.',
  },
  unclear: 'Eine Zahl habe ich nicht eingetragen, weil ich nicht wusste, zu welchem Ziel sie gehört: sag es mir, dann trage ich sie nach.',
  next: {
    pain: (pain) =>
      pain === 'der Schmerz'
        ? 'Schone dich: gönn dir Ruhe und trainiere nicht gegen Schmerzen an.'
        : `${capitalised(pain)} ${agree(pain, 'braucht', 'brauchen')} jetzt Ruhe: trainiere nicht gegen Schmerzen an.`,
    illness: 'Erst einmal auskurieren; wir machen weiter, wenn es dir besser geht.',
    question: (coach) => `Ich habe deine Frage an ${coach} weitergegeben.`,
    blocker: (blocker) => `Nächster Schritt: ${blocker}. Plane dir heute zehn Minuten dafür ein.`,
    lowSupportive: 'Ein kleiner Schritt morgen reicht völlig.',
    low: 'Such dir einen kleinen Schritt für morgen aus und schreib mir, wie es lief.',
    milestoneDirect: (m) => `Als Nächstes: ${m}.`,
    milestone: (m) => `Als Nächstes steht an: ${m}.`,
    keepDirect: 'Halte das Tempo.',
    keep: ['Weiter so!', 'Beim nächsten Mal genauso!', 'Bleib in diesem Rhythmus.'],
  },
  // The genitive keeps the plural as the units table writes it ("4.200 deiner 10.000 Schritte"); "von" would need the dative.
  ofTarget: (now, target, your) => (your ? `${now} deiner ${target}` : `${now}/${target}`),
  units: {
    steps: { one: 'Schritt', many: 'Schritte' },
    km: { one: 'km', many: 'km' },
    kilometers: { one: 'Kilometer', many: 'Kilometer' },
    miles: { one: 'Meile', many: 'Meilen' },
    minutes: { one: 'Minute', many: 'Minuten' },
    mins: { one: 'Minute', many: 'Minuten' },
    hours: { one: 'Stunde', many: 'Stunden' },
    glasses: { one: 'Glas', many: 'Gläser' },
    books: { one: 'Buch', many: 'Bücher' },
    pages: { one: 'Seite', many: 'Seiten' },
    chapters: { one: 'Kapitel', many: 'Kapitel' },
    sessions: { one: 'Einheit', many: 'Einheiten' },
    workouts: { one: 'Training', many: 'Trainings' },
    runs: { one: 'Lauf', many: 'Läufe' },
    days: { one: 'Tag', many: 'Tage' },
    times: { one: 'Mal', many: 'Mal' },
    words: { one: 'Wort', many: 'Wörter' },
    lbs: { one: 'Pfund', many: 'Pfund' },
    pounds: { one: 'Pfund', many: 'Pfund' },
    liters: { one: 'Liter', many: 'Liter' },
    reps: { one: 'Wiederholung', many: 'Wiederholungen' },
    classes: { one: 'Kurs', many: 'Kurse' },
  },
};
