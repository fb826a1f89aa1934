import type { PartOfDay, Phrases } from './types';

const greeting: Record<PartOfDay, string> = { morning: 'Bonjour', afternoon: 'Bonjour', evening: 'Bonsoir' };
const partNoun: Record<PartOfDay, string> = { morning: 'matinée', afternoon: 'après-midi', evening: 'soirée' };

/** The topic reader's body parts, with the article French uses for one's own body. */
const BODY: Record<string, string> = {
  knee: 'le genou', knees: 'les genoux', back: 'le dos', 'lower back': 'le bas du dos', ankle: 'la cheville', shoulder: "l'épaule",
  hip: 'la hanche', neck: 'la nuque', foot: 'le pied', feet: 'les pieds', wrist: 'le poignet', hamstring: 'les ischios', calf: 'le mollet',
  calves: 'les mollets', shin: 'le tibia', shins: 'les tibias', elbow: 'le coude', head: 'la tête', leg: 'la jambe', legs: 'les jambes',
  toe: "l'orteil", achilles: "le tendon d'Achille", stomach: "l'estomac", chest: 'la poitrine',
};

/** "le genou" → "au genou", "les pieds" → "aux pieds", "la cheville" → "à la cheville". */
const at = (phrase: string) => phrase.replace(/^le /, 'au ').replace(/^les /, 'aux ').replace(/^la /, 'à la ').replace(/^l'/, "à l'");

export const fr: Phrases = {
  language: 'fr',
  opening: {
    direct: (first, part) => [`${first}, petit point rapide.`, `Bonjour ${first}.`, `${greeting[part]} ${first}.`, `C'est l'heure du point, ${first}.`],
    supportive: (first, part) => [`Bonjour ${first}, j'espère que vous allez bien.`, `${greeting[part]} ${first} !`, `Bonjour ${first}, j'espère que votre ${partNoun[part]} se passe en douceur.`, `Bonjour ${first} !`],
    analytical: (first, part) => [`Bonjour ${first}, place à un petit point sur vos progrès.`, `${greeting[part]} ${first}.`, `Bonjour ${first}, c'est l'heure des chiffres.`],
    friendly: (first, part, day) => [`${greeting[part]} ${first} !`, `Bonjour ${first} !`, `Coucou ${first} !`, ...(day ? [`Bon ${day}, ${first} !`] : []), `Bonjour ${first}, j'espère que la semaine se passe bien.`],
  },
  weekdays: { Monday: 'lundi', Tuesday: 'mardi', Wednesday: 'mercredi', Thursday: 'jeudi', Friday: 'vendredi', Saturday: 'samedi', Sunday: 'dimanche' },
  memory: {
    pain: (pain) => [`La dernière fois, vous aviez mal ${pain === 'la douleur' ? '' : at(pain)}`.trimEnd() + ", j'espère que ça va mieux.", `J'espère que vous avez moins mal ${pain === 'la douleur' ? 'que la dernière fois' : `${at(pain)} que la dernière fois`}.`],
    illness: "J'espère que vous vous sentez mieux que la dernière fois.",
    blocker: (blocker) => `La dernière fois, il vous restait encore ceci à faire : ${blocker}.`,
    tough: "La dernière fois, c'était difficile, alors ménagez-vous.",
    momentum: 'La dernière fois, vous étiez sur une super lancée.',
  },
  painPhrase: (pain) => (pain === 'pain' ? 'la douleur' : (BODY[pain] ?? 'la douleur')),
  standingOpen: (title) => `« ${title} » encore en cours`,
  standingTitled: (title, of) => `« ${title} » à ${of}`,
  whereTitled: (of, title) => `${of} (« ${title} »)`,
  soFar: (where) => [`Aux dernières nouvelles, vous en êtes à ${where}.`, `Vous en êtes à ${where} pour l'instant.`, `Pour l'instant : ${where}.`],
  nextStop: (m) => `Prochaine étape : ${m}.`,
  single: {
    milestoneDirect: (m) => `« ${m} », c'est fait ?`,
    milestone: (m) => `Où en est « ${m} » ?`,
    goalDirect: (title) => `« ${title} », c'est fait ?`,
    goal: (title) => [`Où en est « ${title} » ?`, `Du nouveau sur « ${title} » ?`],
    dailyNoUnit: "Où en êtes-vous aujourd'hui ?",
    dailyDirect: (u) => `Combien de ${u.word} aujourd'hui ?`,
    daily: (u) => [`Combien de ${u.word} avez-vous déjà ${u.feminine ? 'faites' : 'faits'} aujourd'hui ?`, `Comment se présentent vos ${u.word} du jour ?`],
    currencyDirect: 'Combien avez-vous mis de côté depuis notre dernier échange ?',
    currency: 'Combien avez-vous pu mettre de côté depuis notre dernier échange ?',
    noUnitDirect: "Quel est votre chiffre maintenant ?",
    noUnit: 'Où en êtes-vous maintenant ?',
    unitDirect: (u) => `Combien de ${u.word} depuis la dernière fois ?`,
    unitAnalytical: (u) => `Qu'avez-vous noté depuis le dernier point, en ${u.word} ?`,
    unit: (u) => [`Combien de ${u.word} avez-vous ${u.feminine ? 'ajoutées' : 'ajoutés'} depuis notre dernier échange ?`, `Comment se sont ${u.feminine ? 'passées' : 'passés'} vos ${u.word} depuis notre dernier échange ?`],
  },
  global: {
    direct: ["Qu'avez-vous accompli pour chacun depuis notre dernier échange ?"],
    analytical: ['Quels sont vos derniers chiffres pour chacun ?'],
    supportive: ['Comment chacun s’est-il passé pour vous depuis notre dernier échange ?'],
    friendly: ['Comment chacun s’est-il passé depuis notre dernier échange ?', 'Quoi de neuf pour chacun ?'],
  },
  noGoals: { direct: "Comment s'est passée la semaine ?", other: 'Comment se passe la semaine ?' },
  whereThingsStand: (list) => `Où vous en êtes : ${list.slice(0, -1).join(' ; ')} et ${list.at(-1)}.`,
  quickCheckIn: (count) => `Un petit point sur vos ${count} objectifs.`,
  ack: {
    highDirect: (first) => [`Beau travail, ${first}.`, `Solide, ${first}.`],
    high: (first) => [`Génial, ${first} !`, `Ça fait plaisir à lire, ${first} !`, `Bravo, ${first} !`],
    low: (first) => [`Merci pour votre honnêteté, ${first}.`, `Je vous entends, ${first}.`, `Merci de me le dire, ${first}.`],
    neutral: (first) => [`Merci pour ces nouvelles, ${first}.`, `C'est noté, merci ${first}.`, `Merci, ${first} !`],
  },
  progress: {
    reached: (title) => `Objectif atteint pour « ${title} » !`,
    untitled: (of) => `Vous en êtes à ${of}.`,
    titled: (title, of) => `« ${title} » en est à ${of}.`,
    done: (title) => `Super que « ${title} » soit fait.`,
    allLogged: 'Tout est noté : de beaux progrès sur plusieurs fronts.',
  },
  unclear: "Je n'ai pas noté un chiffre car je ne savais pas à quel objectif il correspondait : dites-le-moi et je l'ajoute.",
  next: {
    pain: (pain) => (pain === 'la douleur' ? 'Allez-y doucement : reposez-vous et ne forcez pas si ça fait mal.' : `Ménagez ${pain} : reposez-vous et ne forcez pas si ça fait mal.`),
    illness: "Reposez-vous d'abord ; on reprend quand vous irez mieux.",
    blocker: (blocker) => `Prochaine étape : ${blocker}. Bloquez dix minutes dans votre agenda pour ça aujourd'hui.`,
    lowSupportive: 'Un petit pas demain, ça suffit.',
    low: 'Choisissez un petit pas pour demain et dites-moi comment ça s’est passé.',
    milestoneDirect: (m) => `Ensuite : ${m}.`,
    milestone: (m) => `Prochaine étape : ${m}.`,
    keepDirect: 'Gardez le rythme.',
    keep: ['Continuez comme ça !', 'On refait pareil la prochaine fois !', 'Gardez ce rythme.'],
  },
  ofTarget: (now, target, your) => `${now} ${your ? 'sur vos' : 'sur'} ${target}`,
  units: {
    steps: { one: 'pas', many: 'pas' },
    km: { one: 'km', many: 'km' },
    kilometers: { one: 'kilomètre', many: 'kilomètres' },
    miles: { one: 'mile', many: 'miles' },
    minutes: { one: 'minute', many: 'minutes', feminine: true },
    mins: { one: 'minute', many: 'minutes', feminine: true },
    hours: { one: 'heure', many: 'heures', feminine: true },
    glasses: { one: 'verre', many: 'verres' },
    books: { one: 'livre', many: 'livres' },
    pages: { one: 'page', many: 'pages', feminine: true },
    chapters: { one: 'chapitre', many: 'chapitres' },
    sessions: { one: 'séance', many: 'séances', feminine: true },
    workouts: { one: 'entraînement', many: 'entraînements' },
    runs: { one: 'course', many: 'courses', feminine: true },
    days: { one: 'jour', many: 'jours' },
    times: { one: 'fois', many: 'fois', feminine: true },
    words: { one: 'mot', many: 'mots' },
    lbs: { one: 'livre', many: 'livres', feminine: true },
    pounds: { one: 'livre', many: 'livres', feminine: true },
    liters: { one: 'litre', many: 'litres' },
    reps: { one: 'répétition', many: 'répétitions', feminine: true },
    classes: { one: 'cours', many: 'cours' },
  },
};
