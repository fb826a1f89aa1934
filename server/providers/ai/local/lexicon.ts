/**
 * Spanish, Portuguese, German and French as the words the local reader knows: a reply (and a goal's
 * title and unit) is rewritten into the reader's English vocabulary before it is read, so one set of
 * rules reads all five languages, and a reply that mixes English with one of them. Only the words of
 * the language the text shows most are rewritten (an English reply is left as it is): a word that
 * means one thing in one language and another elsewhere ("once" is 11 in Spanish, "mais" is "more"
 * in Portuguese and "but" in French) is read in that language only. Order matters in the lists:
 * phrases before the words they hold.
 */

export type ReaderLanguage = 'es' | 'pt' | 'de' | 'fr';

/** Words of each language that are no English words: how the text shows its language. */
const MARKERS: Record<ReaderLanguage, RegExp> = {
  es: /\b(hoy|ayer|semana|esta|este|estoy|estuve|tengo|llevo|voy|fui|hice|pero|muy|tambien|todavia|aun|mas|otro|otra|nada|ninguno|ninguna|cero|veces|vez|con|para|por|los|las|del|que|salir|sali|termine|acabe|meti|senti|jaja|jajaja|oye|libros?|sesiones|minutos|horas|dias|noches|pasos|paginas|palabras|solicitudes|manana|quiero|necesito|creo|unos|unas|cuenta|ahorro|dolares|y|el|se|es|al|hace|corri|medite|lei|nade|estudie|hacer|ir|leer|correr|escribir|ahorrar|meditar|nadar|gimnasio|finde|entrenos|entrenamientos|ola|pesos|cita|sacar|semanas|mes|ano|durante|veinte|treinta|una|docena|vendi|compre|gaste|hecho|hecha|listo|lista|medio|media|maraton|terminado|terminada|la|ya|todo|toda|sin|mis|yo|tu|llame|llamar|pague|pagar)\b/g,
  pt: /\b(hoje|ontem|semana|esta|essa|este|esse|estou|tava|fiz|fui|mas|muito|tambem|ainda|ja|mais|outro|outra|nada|nenhum|nenhuma|vezes|vez|com|pra|para|pelo|pela|os|da|dos|das|na|nos|nas|que|nao|sao|livros?|minutos|horas|dias|noites|passos|paginas|palavras|amanha|quero|preciso|acho|uns|umas|kkk+|vc|cedo|consegui|terminei|acabei|corri|li|dormi|estudei|meu|minha|voce|tenho|sem|domingo|todo|dia|segunda|sexta|uma|um|ao|eu|ligar|liguei|renovar|renovei|duas|dois|fazer|ler|correr|escrever|juntar|poupar|guardar|vender|vendi|treinos|academia|feira|reais|meses|ano|mes)\b/g,
  de: /\b(heute|heut|gestern|woche|diese|dieser|ich|bin|habe|hab|und|aber|sehr|auch|noch|schon|nicht|nichts|kein|keine|keins|mit|fur|fuer|der|das|dem|den|ein|eine|einen|jetzt|insgesamt|gemacht|geschafft|erledigt|fertig|gelaufen|gelesen|gelernt|minuten|stunden|tage|seiten|bucher|schritte|morgen|werde|etwa|ungefahr|vielleicht|weitere|nochmal|zweimal|dreimal|einmal|wieder|wegen|ist|sind|auf|zu|wir|mein|meine|bei|im|zum|zur|vom|beim|ins|nach|vor|unter|uber|monat|quartal|wochenende|laufen|lesen|sparen|schreiben|lernen|fahren|std|jeden|tag|abende|einheiten|hab's|traumhaft|wetter|folgen|aufnehmen|steht|hat|gebucht|buchen|angerufen|anrufen|termin|zahnarzt|arzt)\b/g,
  fr: /\b(aujourd'hui|hier|semaine|cette|je|j'ai|j'en|suis|et|mais|tres|aussi|encore|deja|rien|jamais|fois|avec|les|des|du|une|le|c'est|fait|fini|termine|couru|dormi|heures|jours|nuits|livres?|demain|vais|environ|peut-etre|ce|mes|pas|courir|lire|ecrire|economiser|mois|par|pendant|seances|annee|faire|jsuis|chui|chuis|mdr|pfff|envoye|envoyer|mon|ma|au|aux|enfin|ranger|range|appeler|appele|renouveler|renouvele|banque|passeport)\b/g,
};
/** Letters only one of the languages writes. */
const LETTERS: Record<ReaderLanguage, RegExp> = { es: /[ñ¿¡]|[a-z][óí](?![a-zà-ÿ])/, pt: /[ãõ]|(?:^|\s)tô(?=\s|$)|[a-z]{3}ei\b/, de: /[ßäöü]/, fr: /[èêëîïûœ]/ };

/**
 * The language the text shows most, as a list (empty for English). One language is read at a time:
 * a reply mixes English with one other, rarely two others, and the rules of two languages would
 * read each other's words ("mas" is "more" in Spanish, "but" in Portuguese).
 */
export function languagesOf(text: string): ReaderLanguage[] {
  const lower = text.toLowerCase();
  const t = plain(lower);
  const scores = (Object.keys(MARKERS) as ReaderLanguage[]).map((l) => ({ l, n: new Set(t.match(MARKERS[l]) ?? []).size + (LETTERS[l].test(lower) ? 2 : 0) }));
  // One ambiguous marker ("la", "no") is no sign of a language; two different ones are.
  return scores
    .filter((s) => s.n >= 2)
    .sort((a, b) => b.n - a.n)
    .slice(0, 1)
    .map((s) => s.l);
}

// ---------------------------------------------------------------------------------------------
// Numbers

const UNITS_ES: Record<string, number> = {
  cero: 0, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, once: 11, doce: 12, trece: 13, catorce: 14, quince: 15,
  dieciseis: 16, diecisiete: 17, dieciocho: 18, diecinueve: 19, veinte: 20, veintiuno: 21, veintiuna: 21, veintidos: 22, veintitres: 23, veinticuatro: 24, veinticinco: 25,
  veintiseis: 26, veintisiete: 27, veintiocho: 28, veintinueve: 29, treinta: 30, cuarenta: 40, cincuenta: 50, sesenta: 60, setenta: 70, ochenta: 80, noventa: 90, cien: 100, ciento: 100,
  doscientos: 200, trescientos: 300, cuatrocientos: 400, quinientos: 500, seiscientos: 600, setecientos: 700, ochocientos: 800, novecientos: 900,
};
const UNITS_PT: Record<string, number> = {
  zero: 0, dois: 2, duas: 2, tres: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9, dez: 10, onze: 11, doze: 12, treze: 13, catorze: 14, quatorze: 14, quinze: 15,
  dezesseis: 16, dezasseis: 16, dezessete: 17, dezassete: 17, dezoito: 18, dezenove: 19, dezanove: 19, vinte: 20, trinta: 30, quarenta: 40, cinquenta: 50, sessenta: 60, setenta: 70, oitenta: 80, noventa: 90,
  cem: 100, cento: 100, duzentos: 200, trezentos: 300, quatrocentos: 400, quinhentos: 500,
};
const UNITS_DE: Record<string, number> = {
  null: 0, eins: 1, zwei: 2, zwo: 2, drei: 3, vier: 4, funf: 5, fuenf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, elf: 11, zwolf: 12, zwoelf: 12,
  dreizehn: 13, vierzehn: 14, funfzehn: 15, fuenfzehn: 15, sechzehn: 16, siebzehn: 17, achtzehn: 18, neunzehn: 19, zwanzig: 20, dreissig: 30, dreisig: 30, vierzig: 40, funfzig: 50, fuenfzig: 50,
  sechzig: 60, siebzig: 70, achtzig: 80, neunzig: 90, hundert: 100, einhundert: 100,
};
const UNITS_FR: Record<string, number> = {
  zero: 0, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11, douze: 12, treize: 13, quatorze: 14, quinze: 15, seize: 16,
  'dix-sept': 17, 'dix-huit': 18, 'dix-neuf': 19, vingt: 20, trente: 30, quarante: 40, cinquante: 50, soixante: 60, 'soixante-dix': 70, 'quatre-vingt': 80, 'quatre-vingts': 80, 'quatre-vingt-dix': 90, cent: 100,
};
const NUMBER_WORDS: Record<ReaderLanguage, Record<string, number>> = { es: UNITS_ES, pt: UNITS_PT, de: UNITS_DE, fr: UNITS_FR };
/** "one" and "a" are articles too: left to the reader's own rule for "one" (a number only before a unit). */
const ONE: Record<ReaderLanguage, string[]> = { es: ['un', 'uno', 'una'], pt: ['um', 'uma'], de: ['ein', 'eine', 'einen', 'einem', 'einer'], fr: ['un', 'une'] };

function numbersOf(text: string, lang: ReaderLanguage): string {
  const words = NUMBER_WORDS[lang];
  const alt = Object.keys(words)
    .sort((a, b) => b.length - a.length)
    .join('|');
  let t = text;
  // "treinta y cinco", "vinte e cinco", "vingt et un", "vingt-cinq", "fünfundzwanzig".
  if (lang === 'de') {
    t = t.replace(/\b(ein|zwei|drei|vier|funf|fuenf|sechs|sieben|acht|neun)und(zwanzig|dreissig|vierzig|funfzig|fuenfzig|sechzig|siebzig|achtzig|neunzig)\b/gi, (_, u: string, te: string) =>
      String((UNITS_DE[te.toLowerCase()] ?? 0) + (u.toLowerCase() === 'ein' ? 1 : (UNITS_DE[u.toLowerCase()] ?? 0))),
    );
    t = t.replace(/\b(zwei|drei|vier|funf|fuenf|sechs|sieben|acht|neun)?hundert\b/gi, (_, u: string | undefined) => String(100 * (u ? (UNITS_DE[u.toLowerCase()] ?? 1) : 1)));
    t = t.replace(/\b(ein|zwei|drei|vier|funf|fuenf|sechs|sieben|acht|neun|zehn)?tausend\b/gi, (_, u: string | undefined) => `${u && u.toLowerCase() !== 'ein' ? (UNITS_DE[u.toLowerCase()] ?? 1) : 1} 000`);
  }
  const joiner = lang === 'es' ? 'y' : lang === 'pt' ? 'e' : lang === 'fr' ? 'et' : 'und';
  t = t.replace(new RegExp(`\\b(${alt})(?:\\s+${joiner}\\s+|-)(${alt})\\b`, 'gi'), (m, a: string, b: string) => {
    const x = words[a.toLowerCase()]!;
    const y = lang === 'fr' && b.toLowerCase() === 'un' ? 1 : words[b.toLowerCase()]!;
    return x >= 20 && x % 10 === 0 && y < 10 ? String(x + y) : m;
  });
  if (lang === 'fr') t = t.replace(/\b(vingt|trente|quarante|cinquante|soixante)(?:\s+et\s+|-)(un|une)\b/gi, (_, a: string) => String(UNITS_FR[a.toLowerCase()]! + 1));
  // "ciento veinte", "cento e vinte", "cent vingt", "deux cents": hundreds and the rest.
  if (lang === 'fr') t = t.replace(/\b(deux|trois|quatre|cinq|six|sept|huit|neuf)\s+cents?\b/gi, (_, u: string) => String(UNITS_FR[u.toLowerCase()]! * 100));
  t = t.replace(new RegExp(`\\b(\\d00|${alt})\\s+(?:${joiner}\\s+)?(${alt})\\b`, 'gi'), (m, a: string, b: string) => {
    const x = /^\d+$/.test(a) ? Number(a) : words[a.toLowerCase()]!;
    const y = words[b.toLowerCase()]!;
    return x >= 100 && x % 100 === 0 && y < 100 ? String(x + y) : m;
  });
  // "3 mil pasos", "dos mil", "deux mille": thousands.
  t = t.replace(/\b(\d+|[a-z]+)\s+(mil|mille)\b/gi, (m, n: string) => {
    const v = /^\d+$/.test(n) ? Number(n) : words[n.toLowerCase()];
    return v === undefined ? m : String(v * 1000);
  });
  t = t.replace(/\b(mil|mille)\b(?=\s+[a-z])/gi, '1000');
  return t.replace(new RegExp(`\\b(${alt})\\b`, 'gi'), (m) => String(words[m.toLowerCase()]));
}

// ---------------------------------------------------------------------------------------------
// Phrases and words, per language, as the reader's English

type Rule = [RegExp, string];
const w = (words: string, to: string): Rule => [new RegExp(`\\b(?:${words})\\b`, 'gi'), to];

/** Said the same way in every language of the four (after accents are dropped). */
const SHARED: Rule[] = [
  // "20 de meditación", "2 litros de agua": the number's noun comes after "de".
  [/\b(\d+(?:\.\d+)?|dozen) (?:de|d') ?(?=[a-z])/gi, '$1 '],
  w('rendez-vous|rdv|cita|consulta|termin', 'appointment'),
  // Units.
  w('kilometros|kilometro|quilometros|quilometro|kilometer|kilometern|kilometres|kilometre', 'km'),
  w('minutos|minuto|minuten|minute|minutes|minutinhos|minutitos', 'minutes'),
  w('horas|hora|stunden|stunde|std|heures|heure|ora|oras', 'hours'),
  w('segundos|sekunden', 'seconds'),
  w('pasos|passos|schritte|schritten', 'steps'),
  w('paginas|pagina|pags|seiten|seite', 'pages'),
  w('libros|libro|livros|livro|bucher|buecher|buch|livres|livre', 'books'),
  w('capitulos|capitulo|kapitel|chapitres|chapitre', 'chapters'),
  w('palabras|palavras|worter|woerter|wortern|mots', 'words'),
  w('veces|vezes|fois', 'times'),
  w('dias|tage|tagen|jours', 'days'),
  w('noches|noites|nachte|naechte|nachten|nuits', 'nights'),
  w('vasos|copos|glaser|glaeser|verres', 'glasses'),
  w('litros|liter|litern', 'litres'),
  w('millas|milhas|meilen', 'miles'),
  w('sesiones|sesion|sessoes|sessao|sitzungen|sitzung|seances|seance|einheiten|einheit', 'sessions'),
  w('entrenamientos|entrenamiento|entrenos|entreno|treinos|treino|trainings|entrainements|entrainement', 'workouts'),
  w('clases|clase|aulas|aula|kurse|cours', 'classes'),
  w('lecciones|leccion|licoes|licao|lektionen|lecons|lecon', 'lessons'),
  w('llamadas|llamada|ligacoes|ligacao|chamadas|anrufe|anrufen|telefonate|appels', 'calls'),
  w('solicitudes|candidaturas|bewerbungen|candidatures', 'applications'),
  w('clientes|kunden', 'clients'),
  w('dolares|dolar|dollares', 'dollars'),
  w('kilos|kilo|kilogramos|quilos|quilo', 'kg'),
  w('gimnasio|academia|fitnessstudio|gym|salle de sport', 'gym'),
  w('agua|wasser|eau', 'water'),
];

/** "Me faltan 3 libros", "faltam 2", "noch 20 km bis zum Ziel", "plus que 3": what is left to the target. */
const left = (words: string): Rule => [new RegExp(`\\b(?:${words})\\s+(\\d+(?:[.,]\\d+)?|[a-z]+)(\\s+[a-z]+)?`, 'gi'), '$1$2 left'];

const ES: Rule[] = [
  left('me faltan|me falta|faltan|falta|me quedan|quedan|solo faltan|solo me faltan'),
  w('andar en bici|andar en bicicleta|anduve en bici|anduve en bicicleta|ande en bici', 'cycle'),
  // Txt-speak.
  w('q|ke', 'que'), w('xq|porq', 'porque'), w('echo', 'hecho'), w('cori', 'corri'), w('aora|ahorita', 'ahora'), w('xa', 'para'), w('d', 'de'), w('bn', 'bien'), w('tb|tmbn', 'tambien'), w('tmb|tb', 'tambien'), w('boy', 'voy'), w('ise', 'hice'), w('oras', 'horas'), w('hoi', 'hoy'), w('aller', 'ayer'),
  // Halves, dozens, pairs.
  [/\b(?:una )?hora y media\b/gi, 'an hour and a half'],
  [/\b(\d+(?:\.\d+)?|[a-z]+) (?:h|hs|hrs?) y media\b/gi, '$1 and a half hours'],
  [/\b(\d+(?:\.\d+)?|[a-z]+) (horas|hours|km|kilometros) y media\b/gi, '$1 and a half $2'],
  // "cada noche, siete noches": the amount each night, on that many nights.
  [/\bcada noche,? (?=\S+ noches\b)/gi, 'each night on '], [/\bcada dia,? (?=\S+ dias\b)/gi, 'each day on '],
  // "ya tengo grabados 3 episodios": the count reached; the participle only repeats the goal's verb.
  [/\b(?:ya tengo|tengo ya|ya llevo|llevo) [a-z]+(?:ados|idos|adas|idas) (?=\d)/gi, "i'm at "],
  w('media hora', 'half an hour'), w('un cuarto de hora', 'a quarter of an hour'), w('media docena', 'half a dozen'), w('una docena', 'a dozen'), w('docena', 'dozen'), w('un par de', 'a couple of'),
  w('otro mas|otra mas|uno mas|una mas', '1 more'), w('otra vez|de nuevo', 'again'), [/\ba las (?=\d)/gi, 'at '], [/\ba la (?=1\b)/gi, 'at '], w('una vez', '1 times'), w('unos cuantos|unas cuantas|algunos|algunas', 'a few'),
  // Totals, increments.
  w('nada mas|nomas', 'only'), w('voy a|vamos a|va a|van a', 'going to'),
  w('ya voy por|ya voy en|voy por|voy en|ya voy x|voy x|ya llevo|llevo|ya van|van|ya son|estoy en|ando en|ya tengo|tengo ya', "i'm at"), w('acumulado|acumulados|en acumulado', 'in total'), w('en total|en totales', 'in total'), w('hasta ahora|hasta el momento|por ahora', 'so far'),
  w('sigo en|sigo con|sigo igual en|sigo por', 'still at'),
  w('mas o menos|por ahi|o asi|o algo asi|y pico', 'or so'), w('una decena', 'about 10'), w('una veintena', 'about 20'), [/\bsobre (?=\d)/gi, 'about '],
  // The present said of a coming day is a plan ("el sábado corro 10 km").
  w('corro|camino|leo|nado|medito|hago|entreno', 'will do'), w('mas de', 'more than'), w('menos de', 'less than'), w('no estoy seguro|no estoy segura|no se|ni idea', 'not sure'), w('perdi la cuenta', 'lost count'),
  w('planeo|pienso|tengo pensado|me toca', 'planning to'),
  w('mi esposo|mi marido', 'my husband'), w('mi esposa|mi mujer', 'my wife'), w('mi pareja|mi novio|mi novia', 'my partner'), w('mi hermana', 'my sister'), w('mi hermano', 'my brother'), w('mi hijo|mi hija|mis hijos|los ninos', 'my kids'), w('mi amigo|mi amiga|mis amigos', 'my friend'),
  w('mas', 'more'), w('otros|otras|otro|otra', 'another'), w('ahora', 'now'),
  // Hedges, plans.
  w('unos|unas|alrededor de|aproximadamente|aprox|mas o menos|cerca de', 'about'), w('como', 'like'), w('casi', 'almost'), w('quizas|quiza|tal vez|a lo mejor', 'maybe'), w('creo que|creo', 'i think'),
  w('cada manana|todas las mananas', 'each morning'), w('cada tarde|todas las tardes', 'each evening'), w('mananas', 'mornings'), w('tardes', 'evenings'), w('saque|retire', 'took out'),
  w('manana por la manana', 'tomorrow morning'), w('esta manana|por la manana|en la manana', 'this morning'), w('manana', 'tomorrow'), w('la proxima semana|la semana que viene|proxima semana', 'next week'),
  w('quiero|queria|quisiera', 'want to'), w('espero', 'hope to'), w('tengo que|hay que|necesito|debo', 'need to'), w('empiezo|empezare|comienzo', 'will start'),
  // Negation.
  w('todavia no|aun no|aun', 'not yet'), w('ninguno|ninguna|ningun', 'none'), w('nunca|jamas', 'never'), w('sin', 'without'), w('no pude|no he podido', "couldn't"), w('pendiente', 'not done'),
  // When.
  w('hoy', 'today'), w('ayer', 'yesterday'), w('esta semana|estos dias', 'this week'), w('la semana pasada|semana pasada', 'last week'), w('este mes', 'this month'), w('el finde|finde|el fin de semana|fin de semana', 'the weekend'),
  w('de lunes a viernes', 'mon-fri'), w('lunes', 'on monday'), w('martes', 'on tuesday'), w('miercoles', 'on wednesday'), w('jueves', 'on thursday'), w('viernes', 'on friday'), w('sabado', 'on saturday'), w('domingo', 'on sunday'),
  w('todos los dias menos|todos los dias excepto|cada dia menos|cada dia excepto', 'every day except'), w('al dia|por dia|diario|diariamente|cada dia|todos los dias', 'a day'), w('al mes|por mes', 'a month'),
  // Done.
  w('hecho|hecha|terminado|terminada|listo|ya esta lista|esta lista|completado|completada|ya quedo|quedo listo|quedo lista', 'done'), w('termine|acabe', 'finished'), w('complete', 'completed'),
  // Verbs, past and infinitive.
  w('corri|sali a correr|he corrido', 'ran'), w('correr|trotar', 'run'), w('camine|anduve', 'walked'), w('caminar|andar|caminata', 'walk'), w('lei|he leido', 'read'), w('leer', 'read'),
  w('escribi', 'wrote'), w('escribir', 'write'), w('medite', 'meditated'), w('meditar|meditacion|meditaciones', 'meditation'), w('nade', 'swam'), w('nadar', 'swim'),
  w('meti|le meti|le he metido', 'put in'), w('ahorre|guarde|deposite', 'saved'), w('ahorrar|ahorro|ahorros', 'save'), w('estudie', 'studied'), w('estudiar|estudio', 'study'), w('practique', 'practiced'), w('practicar|practica', 'practice'),
  w('hice|he hecho', 'did'), w('fui', 'went'), w('dormi', 'slept'), w('dormir', 'sleep'), w('bebi|tome', 'drank'), w('llame', 'called'), w('llamar', 'call'), w('envie|mande', 'sent'), w('enviar|mandar', 'send'), w('vendi', 'sold'), w('vender', 'sell'),
  w('pague', 'paid'), w('gaste', 'spent'), w('compre', 'bought'), w('entrene', 'trained'), w('publique', 'posted'), w('bici|bicicleta', 'bike'), w('rodar|pedalear', 'cycle'), w('rode|pedalee', 'cycled'),
  w('enviado|enviada|enviados|enviadas|mandado|mandada', 'sent'), w('pagado|pagada', 'paid'), w('comprado|comprada', 'bought'), w('reservado|reservada', 'booked'),
  w('entregado|entregada', 'handed in'), w('presentado|presentada', 'submitted'), w('publicado|publicada', 'published'), w('subido|subida', 'uploaded'), w('instalado|instalada', 'installed'),
  w('renovado|renovada', 'renewed'), w('arreglado|arreglada', 'fixed'), w('cancelado|cancelada', 'cancelled'), w('me inscribi|inscrito|inscrita', 'registered'), w('actualizado|actualizada', 'updated'), w('aprobado|aprobada|aprobe', 'passed'),
  w('pagar', 'pay'), w('comprar', 'buy'), w('reservar', 'book'), w('entregar', 'hand in'), w('presentar', 'submit'), w('publicar', 'publish'), w('subir', 'upload'), w('instalar', 'install'),
  w('renovar', 'renew'), w('arreglar', 'fix'), w('cancelar', 'cancel'), w('inscribirse|inscribirme', 'register'), w('actualizar', 'update'), w('aprobar', 'pass'),
  w('semana', 'week'), w('ventas|facturacion|ingresos', 'revenue'), w('nuevos|nuevas|nuevo|nueva', 'new'), w('agendad[ao]s?|programad[ao]s?', 'scheduled'),
  w('esta en linea|esta online|ya esta en linea|ya esta online', 'is live'),
  // Feelings and topics.
  w('semana de locos', 'crazy week'), w('record|nuevo record', 'new record'), w('genial|increible|excelente|buenisimo|super bien|muy bien|feliz|contento|contenta|orgulloso|orgullosa|motivado|motivada', 'great'), w('cansado|cansada|agotado|agotada', 'tired'), w('estresado|estresada', 'stressed'),
  w('dificil|pesado|pesada|pesadisima|pesadisimo|duro|dura', 'hard'), w('horrible|terrible|fatal|malisima|malisimo|de perros', 'terrible'), w('desmotivado|desmotivada|sin ganas', 'unmotivated'), w('triste', 'sad'), w('enfermo|enferma|me enferme', 'sick'), w('gripe|gripa', 'flu'), w('me molesta|molesta|molestia|molestias', 'sore'), w('me duele|duele|dolor', 'hurts'), w('lesion|lesionado|lesionada', 'injured'),
  w('rodilla', 'knee'), w('espalda', 'back'), w('tobillo', 'ankle'), w('hombro', 'shoulder'), w('ocupado|ocupada|liado|liada|sin tiempo', 'busy'), w('trabajo|curro|chamba', 'work'),
  w('parado|parada|sigo igual|igual que antes', 'nothing'), w('me salte|salte', 'skipped'), w('deja de escribirme|dejame en paz|no me escribas', 'stop texting'), w('por fin|al fin', 'finally'), w('jaja|jajaja|jeje', 'haha'),
  w('nada', 'nothing'),
];

const PT: Rule[] = [
  left('faltam|falta|ainda faltam|so faltam|restam|faltam so'),
  w('semana corrida|semana puxada', 'hard week'), w('andar de bicicleta|andar de bike|andei de bicicleta|andei de bike', 'cycle'),
  w('hj', 'hoje'), w('vc', 'voce'), w('n', 'nao'), w('mto|mt', 'muito'), w('oq', 'o que'), w('td', 'tudo'), w('blz', 'beleza'), w('tb|tbm', 'tambem'), w('q', 'que'), w('pq', 'porque'), w('fis', 'fiz'), w('ora', 'hora'), w('ta', 'esta'), w('msm', 'mesmo'),
  [/\b(?:uma )?hora e meia\b/gi, 'an hour and a half'],
  [/\b(\d+(?:\.\d+)?|[a-z]+) (?:h|hs|hrs?) e meia\b/gi, '$1 and a half hours'],
  [/\b(\d+(?:\.\d+)?|[a-z]+) (horas|hours|km) e meia\b/gi, '$1 and a half $2'],
  [/\bcada noite,? (?=\S+ noites\b)/gi, 'each night on '], [/\bcada dia,? (?=\S+ dias\b)/gi, 'each day on '],
  // "já fiz 7 lições": already done, so far (the reader reads "already did 7" as where the goal stands).
  [/\bja (?=(?:fiz|fis|completei|terminei|acabei|li|corri|fui|gravei|mandei|enviei|paguei|juntei|guardei)\b)/gi, 'already '],
  w('meia hora', 'half an hour'), w('um quarto de hora', 'a quarter of an hour'), w('meia duzia', 'half a dozen'), w('uma duzia', 'a dozen'), w('duzia', 'dozen'), w('um par de', 'a couple of'),
  w('mais um|mais uma|outro mais|outra mais', '1 more'), w('outra vez|de novo', 'again'), [/\bas (?=\d+\s*h)/gi, 'at '], w('uma vez', '1 times'), w('alguns|algumas', 'a few'),
  w('ja to c|ja to com|to c|ja estou nas|ja estou nos|ja estou em|ja estou com|estou nas|estou nos|estou em|estou com|to com|to em|ja to com|ja to em|ja tenho|ja sao|ja vou em|ja vou nas', "i'm at"), w('no total|em total|acumulado|acumulados', 'in total'), w('ate agora', 'so far'),
  w('continuo em|continuo com|ainda estou em|ainda to em|ainda to com|continuo nos|continuo nas', 'still at'),
  w('mais ou menos|ou assim|ou algo assim|e pouco|e poucos', 'or so'), w('uma dezena', 'about 10'), w('uma vintena', 'about 20'),
  w('corro|caminho|leio|nado|medito|faco|treino amanha', 'will do'), w('mais de', 'more than'), w('menos de', 'less than'), w('nao tenho certeza|nao sei|sei la|nem sei', 'not sure'), w('perdi a conta', 'lost count'),
  w('pretendo|planejo|tenho que ir', 'planning to'),
  w('meu marido', 'my husband'), w('minha esposa|minha mulher', 'my wife'), w('meu namorado|minha namorada', 'my partner'), w('minha irma', 'my sister'), w('meu irmao', 'my brother'), w('meu filho|minha filha|meus filhos|as criancas', 'my kids'), w('meu amigo|minha amiga|meus amigos', 'my friend'),
  w('mais', 'more'), w('outros|outras|outro|outra', 'another'), w('agora', 'now'),
  w('uns|umas|cerca de|aproximadamente|por volta de', 'about'), w('quase', 'almost'), w('talvez|acho que|acho', 'maybe'),
  w('vou|vamos|vai', 'going to'), w('amanha', 'tomorrow'), w('proxima semana|semana que vem', 'next week'), w('quero', 'want to'), w('espero', 'hope to'), w('tenho que|preciso|preciso de', 'need to'), w('comeco', 'will start'),
  w('ainda nao|ainda', 'not yet'), w('nenhum|nenhuma', 'none'), w('nunca|jamais', 'never'), w('sem', 'without'), w('nao deu|nao consegui', "couldn't"), w('nao', 'not'), w('no|na|nos|nas', 'in'), w('continua por|por marcar|por fazer', 'not done'),
  w('hoje', 'today'), w('ontem', 'yesterday'), w('esta semana|essa semana|nesta semana|nessa semana', 'this week'), w('semana passada', 'last week'), w('este mes|esse mes|neste mes', 'this month'), w('fim de semana|no fds|fds', 'the weekend'), w('cedo', 'this morning'),
  w('de segunda a sexta', 'mon-fri'), w('segunda(?:-feira)?', 'on monday'), w('terca(?:-feira)?', 'on tuesday'), w('quarta(?:-feira)?', 'on wednesday'), w('quinta(?:-feira)?', 'on thursday'), w('sexta(?:-feira)?', 'on friday'), w('sabado', 'on saturday'), w('domingo', 'on sunday'),
  w('por dia|ao dia|diariamente|todo dia|todos os dias|cada dia', 'a day'), w('por mes|ao mes', 'a month'),
  w('feito|feita|terminado|terminada|concluido|concluida|pronto|pronta|atualizado|atualizada', 'done'), w('terminei|acabei', 'finished'), w('completei|conclui', 'completed'),
  w('corri', 'ran'), w('correr|corrida', 'run'), w('caminhei|andei', 'walked'), w('caminhar|caminhada|andar', 'walk'), w('li', 'read'), w('ler|leitura', 'read'), w('escrevi', 'wrote'), w('escrever', 'write'),
  w('meditei', 'meditated'), w('meditar|meditacao', 'meditation'), w('nadei', 'swam'), w('nadar|nado', 'swim'), w('guardei|poupei|economizei|juntei|depositei', 'saved'), w('guardar|poupar|economizar|juntar|poupanca', 'save'),
  w('estudei', 'studied'), w('estudar|estudo', 'study'), w('pratiquei', 'practiced'), w('praticar|pratica', 'practice'), w('fiz', 'did'), w('fui', 'went'), w('dormi', 'slept'), w('dormir|sono', 'sleep'), w('bebi|tomei', 'drank'),
  w('liguei', 'called'), w('ligar', 'call'), w('enviei|mandei', 'sent'), w('enviar|mandar', 'send'), w('vendi', 'sold'), w('vender', 'sell'), w('paguei', 'paid'), w('gastei', 'spent'), w('comprei', 'bought'), w('treinei', 'trained'), w('pedalei', 'cycled'), w('pedalar|bike|bicicleta', 'cycle'),
  w('enviado|enviada|enviados|enviadas|mandado|mandada', 'sent'), w('pago|paga', 'paid'), w('comprado|comprada', 'bought'), w('reservado|reservada', 'booked'), w('entregue|entreguei', 'handed in'),
  w('publicado|publicada|publiquei|postei', 'published'), w('instalado|instalada|instalei', 'installed'), w('renovado|renovada|renovei', 'renewed'), w('consertado|consertada|consertei', 'fixed'),
  w('cancelado|cancelada|cancelei', 'cancelled'), w('me inscrevi|inscrito|inscrita', 'registered'), w('aprovado|aprovada|passei', 'passed'),
  w('pagar', 'pay'), w('comprar', 'buy'), w('reservar', 'book'), w('entregar', 'hand in'), w('publicar', 'publish'), w('instalar', 'install'), w('renovar', 'renew'), w('consertar', 'fix'),
  w('cancelar', 'cancel'), w('inscrever-se|inscrever', 'register'), w('atualizar', 'update'),
  w('bateu|bati', 'hit'), w('tirei|saquei|retirei', 'took out'), w('cada manha|todas as manhas', 'each morning'), w('manhas', 'mornings'), w('contos?|pilas?', 'reais'), w('semana', 'week'), w('vendas|faturamento|receita', 'revenue'), w('novos|novas|novo|nova', 'new'), w('marcad[ao]s?|agendad[ao]s?', 'scheduled'),
  w('esta no ar|ta no ar|esta online|ta online', 'is live'),
  w('semana corrida|semana puxada', 'hard week'), w('recorde', 'new record'), w('otimo|otima|incrivel|excelente|feliz|animado|animada|orgulhoso|orgulhosa|motivado|motivada|voando|muito bem', 'great'), w('cansado|cansada|exausto|exausta', 'tired'), w('estressado|estressada', 'stressed'),
  w('dificil|puxada|puxado|pesada|pesado', 'hard'), w('horrivel|pessima|pessimo|terrivel|um saco', 'terrible'), w('desanimado|desanimada|sem vontade|desmotivado|desmotivada', 'unmotivated'), w('triste', 'sad'), w('doente|virose', 'sick'), w('gripe|gripado|gripada|resfriado|resfriada', 'flu'), w('incomodando|incomoda|incomodo', 'sore'), w('doi|dor', 'hurts'), w('lesao|machucado|machucada', 'injured'),
  w('joelho', 'knee'), w('costas', 'back'), w('tornozelo', 'ankle'), w('ombro', 'shoulder'), w('ocupado|ocupada|sem tempo|corrida no trampo', 'busy'), w('trabalho|trampo', 'work'),
  w('parado|parada|parei|na mesma|continuo na mesma', 'nothing'), w('pulei|perdi', 'skipped'), w('para de me mandar mensagem|pare de me mandar mensagem|me deixa em paz', 'stop texting'), w('finalmente|enfim', 'finally'), w('kkk+|rsrs+', 'haha'),
  w('nada', 'nothing'),
];

const DE: Rule[] = [
  [new RegExp(`\\bnoch\\s+(\\d+(?:[.,]\\d+)?|[a-z]+)(\\s+[a-z]+)?\\s+(?:bis|ubrig|uebrig|offen|zu gehen)\\b`, 'gi'), '$1$2 left'], left('es fehlen noch|fehlen noch|es fehlen|fehlen'),
  w('eine dreiviertelstunde|dreiviertelstunde|dreiviertel stunde', '45 minutes'), w('eine viertelstunde|viertelstunde', '15 minutes'), w('eine halbe stunde|halbe stunde', 'half an hour'),
  w('anderthalb|eineinhalb', '1.5'), w('zweieinhalb', '2.5'), w('ein halbes dutzend|halbes dutzend', 'half a dozen'), w('ein dutzend|dutzend', 'a dozen'), w('ein paar', 'a few'),
  [/\b(\d+)\s*-?\s*mal\b/gi, '$1 times'], w('einmal', '1 times'), w('zweimal', '2 times'), w('dreimal', '3 times'), w('viermal', '4 times'), w('funfmal|fuenfmal', '5 times'), w('sechsmal', '6 times'),
  [/\bhab(?:e)? (\d+) ([a-z]+) durch\b/gi, "i'm at $1 $2"], [/,\s*also\b/gi, ' so'], [/\bso (?=\d)/gi, ''], [/\bjeden tag (\d+(?:[.,]\d+)?) ([a-z]+)/gi, '$1 $2 every day'],
  [/\bist (?:(endlich|jetzt) )?(?:online|live)\b/gi, 'is $1 live'], w('uber zusammen', 'worth'),
  w('jetzt bin ich bei|bin ich jetzt bei|bin ich bei|bin jetzt bei|bin bei|ich bin bei|jetzt bei|stehe bei|stand heute|stand', "i'm at"), w('insgesamt|gesamt', 'in total'), w('hab schon|habe schon|ich habe schon|bin schon bei|schon bei', "i'm at"), w('zusammen', 'together'), w('bisher|bis jetzt|soweit', 'so far'),
  // "Kontostand Notgroschen 2.950 €": the balance, named by the goal's word.
  [/\b(?:aktueller |mein )?kontostand(?: [a-z]+)?:? (?=\d)/gi, 'balance is '], [/\b(?:in total|so far) bei (?=\d)/gi, 'in total at '],
  w('immer noch bei|noch immer bei|weiterhin bei', 'still at'), w('oder so', 'or so'), w('knapp', 'almost'), [/\bgut (?=\d)/gi, 'over '],
  w('laufe|lese|schwimme|meditiere|mache|trainiere|gehe', 'will do'),
  w('mehr als|uber', 'more than'), w('weniger als|unter', 'less than'), w('nicht sicher|bin mir nicht sicher|keine ahnung|weiss nicht', 'not sure'), w('nicht mitgezahlt|nicht gezahlt', "didn't track"),
  w('ich plane|geplant|vorgenommen|habe vor|hab vor', 'planned'),
  w('mein mann', 'my husband'), w('meine frau', 'my wife'), w('mein freund|meine freundin|mein partner|meine partnerin', 'my partner'), w('meine schwester', 'my sister'), w('mein bruder', 'my brother'), w('meine kinder|mein sohn|meine tochter|die kinder', 'my kids'),
  w('nix', 'nichts'), w('nich|ned|net', 'nicht'), w('grad', 'gerade'), w('glaufen', 'gelaufen'), w('glesen', 'gelesen'), w('gschafft', 'geschafft'), w('bissl|bisschen', 'a bit'),
  w('weitere|weiterer|weiteres|nochmal|noch mal|noch einmal|zusatzlich|zusaetzlich', 'more'), w('noch', 'another'), w('jetzt', 'now'),
  w('etwa|ungefahr|ungefaehr|circa|ca|rund|so um die', 'about'), w('fast|beinahe', 'almost'), w('vielleicht|ich glaube|glaube ich|wohl', 'maybe'),
  w('werde|werden|wird|ich will|will|mochte|moechte', 'will'), w('heute morgen|heute fruh', 'this morning'), w('morgen', 'tomorrow'), w('nachste woche|naechste woche|nachsten|naechsten', 'next'),
  w('muss|musste|muessen|mussen', 'need to'),
  w('noch nicht|immer noch nicht', 'not yet'), w('nicht', 'not'), w('gar nicht', 'not at all'), w('kein|keine|keinen|keins|keiner', 'no'), w('nichts', 'nothing'), w('nie|niemals', 'never'), w('ohne', 'without'),
  w('heute|heut', 'today'), w('gestern', 'yesterday'), w('diese woche|die woche', 'this week'), w('letzte woche|letzter woche|letzten woche', 'last week'), w('diesen monat|im monat|pro monat', 'this month'), w('am wochenende|wochenende', 'the weekend'), w('am', ''),
  w('montag', 'on monday'), w('dienstag', 'on tuesday'), w('mittwoch', 'on wednesday'), w('donnerstag', 'on thursday'), w('freitag', 'on friday'), w('samstag', 'on saturday'), w('sonntag', 'on sunday'),
  [/\b(?:mo|di|mi|do|fr|sa|so)\.?(?=\s*\d)/gi, 'on'], [/\bum\s+(?=\d)/gi, 'at '], w('uhr', "o'clock"),
  w('pro tag|am tag|taglich|taeglich|jeden tag', 'a day'), w('pro woche', 'a week'),
  w('fix und fertig|voll fertig|total fertig', 'exhausted'), w('erledigt|fertig|gemacht|gmacht|geschafft|abgeschlossen|abgegeben|ist raus|sind raus|geraumt|aufgeraumt|ausgemistet|im kasten', 'done'), w('fix|vereinbart|ausgemacht', 'booked'), w('beendet|ausgelesen', 'finished'), [/\bdurch(?=\s*(?:[.!,;]|$))/gi, 'finished'],
  w('gelaufen|gejoggt|gerannt', 'ran'), w('gewesen', 'went'), w('laufen|joggen|rennen|lauf', 'run'), w('spazieren gegangen|gewandert', 'walked'), w('spazieren|gehen|wandern', 'walk'), w('gelesen|las', 'read'), w('lesen', 'read'),
  w('geschrieben', 'wrote'), w('schreiben', 'write'), w('meditiert', 'meditated'), w('meditieren|meditation|meditationen', 'meditation'), w('geschwommen', 'swam'), w('schwimmen', 'swim'),
  w('gespart|zuruckgelegt|zurueckgelegt|eingezahlt', 'saved'), w('sparen|ersparnisse', 'save'), w('gelernt|glernt', 'studied'), w('lernen', 'study'), w('geubt|geuebt', 'practiced'), w('uben|ueben', 'practice'),
  w('geschlafen', 'slept'), w('schlafen|schlaf', 'sleep'), w('getrunken', 'drank'), w('trinken', 'drink'), w('angerufen|telefoniert', 'called'), w('geschickt|gesendet|verschickt', 'sent'), w('verkauft', 'sold'), w('verkaufen', 'sell'),
  w('bezahlt|abbezahlt', 'paid'), w('ausgegeben', 'spent'), w('gekauft', 'bought'), w('trainiert', 'trained'), w('rad fahren|radfahren|radeln|rad|fahrrad|rennrad', 'cycle'), w('geradelt|rad gefahren', 'cycled'),
  w('gebucht|reserviert', 'booked'), w('eingereicht', 'submitted'), w('veroffentlicht|veroeffentlicht', 'published'), w('hochgeladen', 'uploaded'), w('installiert', 'installed'),
  w('verlangert|verlaengert', 'renewed'), w('repariert', 'fixed'), w('gekundigt|gekuendigt|storniert|abgesagt', 'cancelled'), w('angemeldet', 'registered'), w('aktualisiert', 'updated'), w('bestanden', 'passed'),
  w('buchen', 'book'), w('einreichen', 'submit'), w('veroffentlichen|veroeffentlichen', 'publish'), w('hochladen', 'upload'), w('installieren', 'install'), w('verlangern|verlaengern', 'renew'),
  w('reparieren', 'fix'), w('kundigen|kuendigen|stornieren|absagen', 'cancel'), w('anmelden', 'register'), w('aktualisieren', 'update'), w('bestehen', 'pass'), w('bezahlen', 'pay'), w('kaufen', 'buy'), w('schicken|verschicken|senden', 'send'),
  w('im|ins', 'in'), w('abgehoben|rausgenommen|entnommen', 'took out'), w('stutz|stutzli|franken', 'chf'), w('woche', 'week'), w('umsatz|einnahmen', 'revenue'), w('neue|neuen|neuer|neues', 'new'), w('folgen|episoden', 'episodes'), w('fahrten', 'times'), w('stundn', 'hours'),
  w("hab|habe|hab's", ''),
  w('null fortschritt|kein fortschritt', 'no progress'), w('wieder angefangen', 'relapsed'), w('rekord', 'new record'), w('super|toll|grossartig|traumhaft|wunderbar|perfekt|stolz|glucklich|gluecklich|motiviert|richtig gut|sehr gut|klasse|mega', 'great'), w('mude|muede|erschopft|erschoepft|kaputt|platt', 'tired'), w('gestresst|stress', 'stressed'),
  w('schwer|schwierig|hart|anstrengend', 'hard'), w('schrecklich|furchtbar|mies|beschissen|katastrophe', 'terrible'), w('keine lust|unmotiviert|demotiviert', 'unmotivated'), w('traurig', 'sad'), w('krank|erkaltet|erkaeltet', 'sick'), w('grippe', 'flu'), w('macht wieder probleme|macht probleme|macht zicken|zwickt', 'playing up'), w('tut weh|schmerzen|schmerz', 'hurts'), w('verletzt|verletzung', 'injured'),
  w('knie', 'knee'), w('rucken|ruecken', 'back'), w('knochel|knoechel', 'ankle'), w('schulter', 'shoulder'), w('beschaftigt|beschaeftigt|keine zeit|viel los', 'busy'), w('arbeit', 'work'), w('urlaub|reise', 'travel'),
  w('ausgelassen|verpasst|geschwanzt|geschwaenzt', 'skipped'), w('hor auf mir zu schreiben|hoer auf mir zu schreiben|lass mich in ruhe', 'stop texting'), w('endlich', 'finally'), w('sorry|leider', 'sorry'),
];

const FR: Rule[] = [
  left("plus que|il me reste|il reste|me reste|reste encore|il m'en reste"),
  w('auj|ojourdui|aujourdhui|ajd|ojd', "aujourd'hui"), w('jai', "j'ai"), w('dem1', 'demain'), w('fe|fai', 'fait'), w('tro', 'trop'), w('ct', "c'etait"), w('g', "j'ai"), w('pa', 'pas'), w('tjrs|tjs', 'toujours'), w('bcp', 'beaucoup'), w('koi', 'quoi'),
  [/\b(?:une )?heure et demie\b/gi, 'an hour and a half'],
  [/\b(\d+(?:\.\d+)?|[a-z]+) (heures|hours|km) et demie?\b/gi, '$1 and a half $2'],
  [/\b(\d+(?:\.\d+)?|[a-z]+) (?:h) et demie?\b/gi, '$1 and a half hours'],
  [/\bchaque (?:soir|nuit),? (?=\S+ (?:soirs|nuits)\b)/gi, 'each night on '], [/\bchaque jour,? (?=\S+ jours\b)/gi, 'each day on '],
  w('une demi-heure|une demi heure|demi-heure|demi heure', 'half an hour'), w("un quart d'heure|un quart de heure", 'a quarter of an hour'), w('une demi-douzaine|demi-douzaine', 'half a dozen'), w('une douzaine|douzaine', 'a dozen'),
  w('encore un|encore une|un de plus|une de plus', '1 more'), w('encore une fois|de nouveau', 'again'), w('une fois', '1 times'), w('quelques', 'a few'), w('bornes', 'km'), w('soirs|soirees', 'evenings'), w("j'ai retire|retire", 'took out'), w('en poche|dans la poche', 'done'), w('matins|matinees', 'mornings'), w('piasses|piastres|balles', 'dollars'),
  [/\b(?:les|des|mes) pas\b/gi, 'steps'], w('au marche|le marche|du marche', 'at the market'), w('de marche', 'of walk'),
  w('rendez-vous pris|rdv pris', 'appointment booked'), w('mettre de cote', 'save'), w("j'ai mis de cote|mis de cote", 'saved'), w("j'ai mis|mis", 'put'),
  w('je suis toujours a|toujours a|toujours au|encore a|reste a', 'still at'), w('jsuis a|chui a|chuis a', "i'm at"), w('est a|est au|en est a|sont a', 'is at'),
  [/(\d)\s*pas\b/gi, '$1 steps'],
  w("j'en suis a|j'en suis au|j'en suis aux|je suis a|je suis au|je suis aux|j'ai deja", "i'm at"), w('au total|en tout|au global|en cumule|cumule', 'in total'), w("jusqu'ici|pour l'instant|pour le moment", 'so far'),
  w('ou a peu pres|ou plus|ou moins|ou quoi', 'or so'), w('une dizaine', 'about 10'), w('une vingtaine', 'about 20'), w('une trentaine', 'about 30'), w('quasiment|quasi', 'almost'), [/\bgenre (?=\d)/gi, 'like '],
  w('je cours|je lis|je nage|je medite|je fais', 'will do'),
  w('plus de', 'more than'), w('moins de', 'less than'), w('pas sur|pas sure|je sais pas|je ne sais pas|aucune idee', 'not sure'), w('pas compte|perdu le compte', "didn't track"),
  w('je compte|je prevois|je prevoyais|prevu de', 'planning to'),
  w('mon mari', 'my husband'), w('ma femme', 'my wife'), w('mon copain|ma copine|mon conjoint|ma conjointe', 'my partner'), w('ma soeur', 'my sister'), w('mon frere', 'my brother'), w('mes enfants|mon fils|ma fille|les enfants', 'my kids'),
  w('de plus|en plus', 'more'), w('encore|autre|un autre|une autre', 'another'), w('plus', 'more'), w('maintenant', 'now'),
  w('environ|a peu pres|vers|autour de', 'about'), w('presque', 'almost'), w('peut-etre|peut etre|je pense|je crois', 'maybe'),
  w('je vais|on va|vais|va', 'going to'), w('demain', 'tomorrow'), w('la semaine prochaine|semaine prochaine', 'next week'), w('je veux|je voudrais', 'want to'), w("j'espere", 'hope to'), w('je dois|il faut', 'need to'),
  w('pas encore|toujours pas', 'not yet'), w("n'ai pas|n'ai|ne|n'", 'not'), w('pas', 'not'), w('aucun|aucune', 'none'), w('jamais', 'never'), w('rien', 'nothing'), w('sans', 'without'),
  w("aujourd'hui|aujourdhui", 'today'), w('hier', 'yesterday'), w('cette semaine', 'this week'), w('la semaine derniere|semaine derniere', 'last week'), w('ce mois-ci|ce mois', 'this month'), w('le week-end|ce week-end|le weekend|week-end', 'the weekend'), w('ce matin', 'this morning'),
  w('du lundi au vendredi', 'mon-fri'), w('lundi', 'on monday'), w('mardi', 'on tuesday'), w('mercredi', 'on wednesday'), w('jeudi', 'on thursday'), w('vendredi', 'on friday'), w('samedi', 'on saturday'), w('dimanche', 'on sunday'),
  w('par jour|chaque jour|tous les jours', 'a day'), w('par mois', 'a month'), w('par semaine', 'a week'),
  w("il fait|ca fait|il faisait|ca faisait", 'it is'), w("j'ai fini|j'ai termine", 'finished'), w("j'ai fait", 'did'),
  w('fait|faite|termine|terminee|fini|finie|boucle|bouclee|c\'est bon', 'done'),
  w("j'ai couru|couru", 'ran'), w('courir|course', 'run'), w("j'ai marche|marche", 'walked'), w('marcher', 'walk'), w("j'ai lu|lu|lus|lue|lues", 'read'), w('lire|lecture', 'read'), w("j'ai ecrit|ecrit", 'wrote'), w('ecrire', 'write'),
  w('medite', 'meditated'), w('mediter|meditation', 'meditation'), w('nage', 'swam'), w('nager|natation', 'swim'), w('economise|epargne|mis de cote', 'saved'), w('economiser|epargner|economies|epargne', 'save'),
  w('etudie|revise', 'studied'), w('etudier|reviser', 'study'), w('pratique', 'practiced'), w('pratiquer', 'practice'), w('dormi', 'slept'), w('dormir|sommeil', 'sleep'), w('bu', 'drank'), w('boire', 'drink'),
  w('appele|telephone', 'called'), w('appeler|telephoner', 'call'), w('range|rangee', 'tidied'), w('ranger', 'tidy'), w('envoye', 'sent'), w('envoyer', 'send'), w('vendu', 'sold'), w('vendre', 'sell'), w('paye', 'paid'), w('depense', 'spent'), w('achete', 'bought'), w('entraine', 'trained'), w('velo', 'cycle'),
  w('reserve|reservee', 'booked'), w('rendu|rendue|remis|remise|depose|deposee', 'handed in'), w('publie|publiee', 'published'), w('installe|installee', 'installed'), w('renouvele|renouvelee', 'renewed'),
  w('repare|reparee', 'fixed'), w('annule|annulee', 'cancelled'), w('inscrit|inscrite', 'registered'), w('mis a jour|mise a jour', 'updated'), w('reussi|reussie', 'passed'),
  w('reserver', 'book'), w('rendre|remettre|deposer', 'hand in'), w('publier', 'publish'), w('installer', 'install'), w('renouveler', 'renew'), w('reparer', 'fix'), w('annuler', 'cancel'),
  w("s'inscrire|inscrire", 'register'), w('mettre a jour', 'update'), w('reussir', 'pass'), w('payer', 'pay'), w('acheter', 'buy'),
  w('semaine', 'week'), w("chiffre d'affaires|ventes", 'revenue'), w('nouveaux|nouvelles|nouveau|nouvelle', 'new'), w('bouquins?|romans?', 'books'), w('planifiee?s?|prevue?s?', 'scheduled'),
  w('est en ligne', 'is live'),
  w('record battu|nouveau record', 'new record'), w('trop bien|genial|super|excellent|heureux|heureuse|content|contente|fier|fiere|motive|motivee|tres bien|top', 'great'), w('fatigue|fatiguee|epuise|epuisee|creve|crevee', 'tired'), w('stresse|stressee|stress', 'stressed'),
  w('difficile|dur|dure', 'hard'), w('horrible|nul|nulle|pourri|pourrie|catastrophique', 'terrible'), w('pas motive|pas motivee|demotive|demotivee|la flemme|pas envie', 'unmotivated'), w('triste', 'sad'), w('malade', 'sick'), w('grippe', 'flu'), w('me gene|gene', 'sore'), w("j'ai mal|mal au|mal a la|douleur|douleurs", 'hurts'), w('blesse|blessee|blessure', 'injured'),
  w('genou', 'knee'), w('cheville', 'ankle'), w('epaule', 'shoulder'), w('debordee?|pas le temps|occupee?', 'busy'), w('travail|boulot|taf', 'work'),
  w('saute|rate', 'skipped'), w("arrete de m'ecrire|arretez de m'ecrire|laisse-moi tranquille|laissez-moi tranquille", 'stop texting'), w('enfin', 'finally'), w('mdr|ptdr', 'lol'),
];

const RULES: Record<ReaderLanguage, Rule[]> = { es: ES, pt: PT, de: DE, fr: FR };

/** "the fourth book": the count reached, as "book 4" (which the reader reads as a total). */
const ORDINALS: Record<ReaderLanguage, Record<string, number>> = {
  es: { primer: 1, primero: 1, primera: 1, segundo: 2, segunda: 2, tercer: 3, tercero: 3, tercera: 3, cuarto: 4, cuarta: 4, quinto: 5, quinta: 5, sexto: 6, sexta: 6, septimo: 7, septima: 7, octavo: 8, octava: 8, noveno: 9, novena: 9, decimo: 10, decima: 10 },
  pt: { primeiro: 1, primeira: 1, segundo: 2, segunda: 2, terceiro: 3, terceira: 3, quarto: 4, quarta: 4, quinto: 5, quinta: 5, sexto: 6, sexta: 6, setimo: 7, setima: 7, oitavo: 8, oitava: 8, nono: 9, nona: 9, decimo: 10, decima: 10 },
  de: { erste: 1, ersten: 1, erstes: 1, zweite: 2, zweiten: 2, dritte: 3, dritten: 3, vierte: 4, vierten: 4, funfte: 5, funften: 5, sechste: 6, sechsten: 6, siebte: 7, siebten: 7, achte: 8, achten: 8, neunte: 9, neunten: 9, zehnte: 10, zehnten: 10 },
  fr: { premier: 1, premiere: 1, deuxieme: 2, second: 2, seconde: 2, troisieme: 3, quatrieme: 4, cinquieme: 5, sixieme: 6, septieme: 7, huitieme: 8, neuvieme: 9, dixieme: 10 },
};
const ARTICLES: Record<ReaderLanguage, string> = { es: 'el|la|los|las|lo', pt: 'o|os|as', de: 'der|die|das|dem|den|des', fr: "le|la|les|l'" };
/** The words that join two things said: the reader splits clauses on "and". */
const AND: Record<ReaderLanguage, string> = { es: 'y|e', pt: 'e', de: 'und|unnd', fr: 'et' };
/** Nouns a goal counts one by one, so "the third book" says the count reached. */
const COUNTED = /^(books|chapters|lessons|sessions|workouts|days|nights|episodes)$/;

/** Accents off (the lexicons hold both spellings that way), "ß" as "ss", "¿" and "¡" dropped. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/(?<=[a-zA-Z])[\u0300-\u036f]+/g, '')
    .normalize('NFC')
    .replace(/ß/g, 'ss')
    .replace(/[¿¡]/g, ' ');

/** "1.500" and "1 500" are thousands, "6,5" a decimal (in these languages, never in English). */
function numberShapes(text: string): string {
  return text
    .replace(/\b(\d{1,3}(?:\.\d{3})+),(\d{1,2})\b/g, (_, n: string, d: string) => `${n.replace(/\./g, '')}.${d}`)
    .replace(/\b(\d{1,3})(?:\.(\d{3}))+(?![\d,])/g, (m) => m.replace(/\./g, ''))
    .replace(/\b(\d{1,3}) (\d{3})\b(?! ?\d)/g, '$1$2')
    .replace(/\b(\d+),(\d{1,2})\b(?!\d)/g, '$1.$2')
    .replace(/(\d)\s*€/g, '$1 euros')
    .replace(/€\s*(\d+(?:\.\d+)?)/g, '$1 euros')
    .replace(/\b(\d+(?:\.\d+)?)\s*(?:r\$)/gi, '$1 reais')
    .replace(/\br\$\s*(\d+(?:\.\d+)?)/gi, '$1 reais')
    .replace(/\b(\d+)\s*%/g, '$1%')
    // "4 o 5", "4 ou 5", "4 oder 5": a guess, as "4 or 5".
    .replace(/(\d)\s+(?:o|u|ou|oder)\s+(?=\d)/gi, '$1 or ')
    // "1h30": an hour and a half, in minutes.
    .replace(/\b(\d{1,2})\s*h\s*([0-5]\d)\b(?!\s*(?:min|minutes|minutos|minuten)\b)/gi, (_, h: string, m: string) => `${Number(h) * 60 + Number(m)} minutes`);
}

export interface ReaderText {
  text: string;
  languages: ReaderLanguage[];
}

/**
 * The text in the reader's vocabulary and the languages it was read in ([] for English). Pass the
 * languages of the reply when rewriting a goal's title, so both sides are read alike.
 */
export function readerText(input: string, languages: ReaderLanguage[] = languagesOf(input)): ReaderText {
  if (languages.length === 0) return { text: input, languages };
  let t = numberShapes(plain(input.replace(/[’‘`]/g, "'"))).replace(/\s*\b(?:prozent|por ciento|por cento|pour cent|pourcent)\b/gi, '%');
  for (const lang of languages) {
    for (const [re, to] of RULES[lang]) t = t.replace(re, to);
    // Number words after the phrases that hold them ("una docena", "zweimal").
    t = numbersOf(t, lang);
    const ones = ONE[lang].join('|');
    t = t.replace(new RegExp(`\\b(?:${ones})\\b`, 'gi'), 'one');
    t = t.replace(new RegExp(`\\b(?:${AND[lang]})\\b`, 'gi'), 'and');
  }
  for (const [re, to] of SHARED) t = t.replace(re, to);
  for (const lang of languages) {
    const ordinals = ORDINALS[lang];
    t = t.replace(new RegExp(`\\b(${Object.keys(ordinals).join('|')})\\s+([a-z]+)\\b`, 'gi'), (m, o: string, noun: string) =>
      COUNTED.test(noun.toLowerCase()) ? `${noun.toLowerCase().replace(/s$/, '')} ${ordinals[o.toLowerCase()]}` : m,
    );
  }
  // "3 footings de 5 km": occasions and the amount of each, as the reader reads "3 runs 5 km".
  t = t.replace(/\b(\d+ [a-z]+) (?:de|von|a|of) (?=\d+(?:\.\d+)?\s*(?:km|miles|minutes|hours|pages|steps)\b)/gi, '$1 ');
  if (languages[0] === 'fr') t = t.replace(/\ba (?=\d)/gi, 'at ');
  // Articles say nothing the reader reads, and stand between a number and what it goes on with
  // ("7 el jueves"); "60% del curso" is a share of it; "capítulo 9" is which one, as "chapter 9".
  t = t
    .replace(new RegExp(`\\b(?:${ARTICLES[languages[0]!]})\\s+`, 'gi'), '')
    .replace(/(\d+%)\s+(?:de|do|da|del|du|des|der|von|vom)\b/gi, '$1 of')
    .replace(/\b(books|chapters|lessons|episodes|sessions|workouts|classes)\s+(#?\d+)\b/gi, (_, noun: string, n: string) => `${noun.toLowerCase().replace(/(?<=class)es$|s$/, '')} ${n}`)
    .replace(/\b(\d+(?:\.\d+)?\s*(?:%|[a-z]+)?)\s+about\b/gi, 'about $1')
    .replace(/(\d+%)\s+(?:sind|ist|estan|esta|sao|sont|est|ta)\b/gi, '$1');
  return { text: t, languages };
}
