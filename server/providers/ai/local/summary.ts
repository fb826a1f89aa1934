import type { AiGoal, ReplyAnalysis, ReplyContext } from '../types';
import type { Reading } from './reader';
import { formatNumber, isCurrency, ofTarget, quantity, trackable } from './text';
import { topicsOf, type Topics } from './topics';

/**
 * What the coach reads about a reply: facts per goal, what is blocked, what changed since last
 * time, insights and concerns from the content, motivation and engagement. Never a quote of the reply.
 */

/** Words and emoji that lift a reply; a plain "good", 🙂 or 👍 is polite, not upbeat. */
const POSITIVE =
  /\b(great|awesome|amazing|excellent|fantastic|happy|hapy|proud|motivated|energi[sz]ed|love|loved|loving|excited|crushed|nailed|smashed|fun|wonderful|confident|productive|pumped|stoked|thrilled|killing it|on track|on fire|best|yay|woo+|woohoo|finally|calm|brilliant|so good|feeling good|feel good|feels good|easy|easier|warm lead|did it|getting there|win)\b|🎉|🔥|💪|😀|😃|😄|😁|😊|🥳|🏆|👏|🙌|😎|💯|👌|💸|🐷|⭐|🌟|❤️|🙏/giu;
const NEGATIVE =
  /\b(tired|exhausted|drained|bad|hard|difficult|struggl\w*|stressed|stress|sick|ill|injured|hurt\w*|pain|painful|sore|overwhelmed|sad|unmotivated|demotivated|lazy|failed|fail|quit|worse|frustrat\w*|anxious|terrible|awful|rough|ugh|meh|behind|give up|giving up|pointless|hopeless|discouraged|rubbish|crap|sucks?|sucked|miserable|burn(?:ed|t)? out|not great|not good|not well|fell off|slipped|relapsed?|no motivation|can'?t be bothered|whatever|sorry|not proud|writer'?s block|dead|brutal|crazy|nothing|none|zero|no progress|haven'?t|didn'?t|didnt|hasn'?t moved|stuck|blocked)\b|😞|😔|😢|😭|😩|😫|🙁|☹️|😣|😖|😤|😡|🤕|🤒|💀|😬|😕|🙃/giu;
const NEGATED_POSITIVE = /\b(not|isn'?t|wasn'?t|didn'?t feel|don'?t feel|never)\s+(so\s+|very\s+|that\s+|too\s+)?(great|good|awesome|amazing|happy|motivated|fun|easy|proud)\b/gi;

const count = (text: string, re: RegExp) => new Set((text.match(re) ?? []).map((m) => m.toLowerCase())).size;

function motivationOf(reply: string, topics: Topics, reading: Reading): ReplyAnalysis['motivation'] {
  const text = reply.replace(/[’‘]/g, "'");
  const negated = count(text, NEGATED_POSITIVE);
  let positive = count(text, POSITIVE) - negated + (/!/.test(text) ? 1 : 0);
  let negative = count(text, NEGATIVE) + negated;
  if (topics.optOut) negative += 2;
  if (topics.illness) negative += 1;
  // Progress on a goal and a setback in one reply is a mixed, medium reply.
  if (reading.progress.length > 0 && negative > 0 && positive === 0) negative -= 1;
  if (reading.saidNothing.length > 0 && reading.progress.length === 0) negative += 1;
  positive = Math.max(0, positive);
  const score = positive - negative;
  if (score >= 1) return 'high';
  if (score <= -1) return 'low';
  return 'medium';
}

const DISMISSIVE = /^(no|nope|nah|k|kk|ok|okay|fine|whatever|later|meh|busy|idk|stop|stop asking|leave me alone|not now|sure|yep|yes|y|n|-|\.|\?)[.!?]*$/i;

function engagementOf(reply: string, reading: Reading, topics: Topics, motivation: ReplyAnalysis['motivation']): ReplyAnalysis['engagementAssessment'] {
  const text = reply.trim();
  const words = text.split(/\s+/).filter((w) => /[a-z0-9]/i.test(w)).length;
  if (topics.optOut || DISMISSIVE.test(text) || words === 0) return 'bad';
  if (/\b(whatever|don'?t care|not interested|why do you keep)\b/i.test(text) && words < 10) return 'bad';
  if (words <= 3 && motivation === 'low' && reading.progress.length === 0) return 'bad';
  const parts = text.split(/[.!?;\n]+|,\s|\s(?:and|but|\+)\s/).filter((p) => /[a-z0-9]/i.test(p)).length;
  // Forthcoming: several things reported, or a long reply; a long reply that reports nothing is a note, not engagement.
  const reported = reading.progress.length;
  if (reported >= 2 || (reported === 1 && words >= 9 && parts >= 2) || (reported >= 1 && words >= 11) || words >= 15) return 'great';
  return 'okay';
}

function goalFacts(goals: AiGoal[], reading: Reading): string[] {
  const facts: string[] = [];
  for (const entry of reading.progress) {
    const g = goals.find((x) => x.id === entry.goalId);
    if (!g) continue;
    if (entry.value !== null && trackable(g)) {
      const reached = entry.value >= g.target! ? ' (target reached)' : '';
      facts.push(`${g.title}: ${isCurrency(g.unit) ? quantity(g, g.currentValue) : formatNumber(g.currentValue)} → ${quantity(g, entry.value)}${reached}.`);
    } else if (entry.completed) facts.push(`${g.title}: reported done.`);
  }
  for (const id of reading.saidNothing) {
    const g = goals.find((x) => x.id === id);
    if (g) facts.push(`${g.title}: nothing this time, by their own account.`);
  }
  return facts;
}

function topicFacts(topics: Topics): string[] {
  const out: string[] = [];
  if (topics.pain) out.push(topics.pain === 'pain' ? 'Mentions pain.' : `Mentions ${topics.pain} pain.`);
  if (topics.illness) out.push('Has been unwell.');
  if (topics.blocker) out.push(`Blocked: still has to ${topics.blocker}.`);
  if (topics.missed) out.push('Missed planned sessions.');
  if (topics.timePressure) out.push('Short on time.');
  if (topics.optOut) out.push('Asks to stop or be left alone.');
  if (topics.question) out.push('Asks you a question: the assistant told them you will answer.');
  return out;
}

function sinceLastTime(ctx: ReplyContext, motivation: ReplyAnalysis['motivation']): string | null {
  const last = ctx.recent.find((r) => r.clientResponse)?.motivation;
  if (!last || last === motivation) return null;
  const rank = { low: 0, medium: 1, high: 2 } as const;
  if (!(last in rank)) return null;
  return rank[motivation] > rank[last as keyof typeof rank] ? `Mood up since last time (was ${last}).` : `Mood down since last time (was ${last}).`;
}

function gist(reply: string, reading: Reading): string {
  if (reading.saidNothing.length === 0 && /\b(nothing|no progress|none|zero|didn'?t|did not|haven'?t)\b/i.test(reply)) return 'Reports no progress this time.';
  if (/\?\s*$/.test(reply.trim())) return 'Asked a question back; nothing to record.';
  if (/\b(resched|move|moving|tomorrow|next week|later|call me|talk soon|travel|away|vacation|holiday|out of town)\b/i.test(reply)) return 'A scheduling or availability note; no progress reported.';
  return 'No progress to record in this reply.';
}

/**
 * `translated`: the reply was read from another language (local/lexicon), so a phrase taken from it
 * would mix languages; what is still to do is then named, not quoted.
 */
export function summarise(ctx: ReplyContext, reading: Reading, translated = false): Omit<ReplyAnalysis, 'progress' | 'unattributed'> {
  const reply = ctx.reply.trim();
  const first = ctx.client.firstName;
  const read = topicsOf(reply);
  const topics = translated && read.blocker ? { ...read, blocker: 'do something the reply names' } : read;
  const motivation = motivationOf(reply, topics, reading);
  const engagementAssessment = engagementOf(reply, reading, topics, motivation);
  const facts = goalFacts(ctx.goals, reading);
  const notes = [...topicFacts(topics), ...reading.unattributed.map((u) => `Not recorded: ${u}`)];
  const since = sinceLastTime(ctx, motivation);
  const summaryParts = facts.length > 0 || notes.length > 0 ? [...facts, ...notes] : [gist(reply, reading)];
  if (since) summaryParts.push(since);
  const coachSummary = summaryParts.join(' ').slice(0, 2000);

  const insights: string[] = [];
  const moved = reading.progress.length;
  if (moved > 1) insights.push(`Moved ${moved} of ${ctx.goals.length} goals in one reply.`);
  const reached = reading.progress.filter((e) => {
    const g = ctx.goals.find((x) => x.id === e.goalId);
    return g && trackable(g) && e.value !== null && e.value >= g.target!;
  });
  if (reached.length) insights.push('Hit a target: a good moment to set the next one.');
  if (topics.win && motivation === 'high') insights.push('Proud of the progress: acknowledge the win.');
  if (topics.pain) insights.push(`${topics.pain === 'pain' ? 'Pain' : `${topics.pain[0]!.toUpperCase()}${topics.pain.slice(1)} pain`} may call for a lighter plan.`);
  if (topics.blocker) insights.push(`Blocker to clear: ${topics.blocker}.`);
  if (topics.timePressure) insights.push('Time is the constraint: shorter sessions may fit better.');
  if (topics.question) insights.push('Answer their question in the conversation.');
  if (reading.unattributed.length) insights.push('Ask which goal the unrecorded number belongs to.');
  if (reading.saidNothing.length && !topics.pain && !topics.illness) insights.push('Says nothing happened on a goal: ask what got in the way.');

  const concerns: string[] = [];
  if (topics.pain) concerns.push(topics.pain === 'pain' ? 'Health: reports pain' : `Health: ${topics.pain} pain or injury`);
  if (topics.illness) concerns.push('Health: has been unwell');
  if (topics.missed) concerns.push('Fell behind: missed planned sessions');
  if (topics.lowMood || motivation === 'low') concerns.push('Wellbeing: sounds low or stressed');
  if (topics.blocker) concerns.push(`Blocked: still has to ${topics.blocker}`);
  if (topics.timePressure) concerns.push('Time pressure: short on time');
  if (topics.optOut) concerns.push('Engagement: asks to stop or be left alone');

  const standing = ctx.goals
    .map((g) => {
      const entry = reading.progress.find((e) => e.goalId === g.id);
      if (!trackable(g)) return `"${g.title}" ${entry?.completed ? 'reported done' : 'open'}`;
      return `"${g.title}" at ${ofTarget(g, entry?.value ?? g.currentValue, false)}`;
    })
    .join('; ');
  const mood = motivation === 'high' ? 'motivated' : motivation === 'low' ? 'struggling' : 'steady';
  const executiveSummary = `${first} is ${mood}${standing ? `: ${standing}` : ''}.${topics.blocker ? ` Still has to ${topics.blocker}.` : ''}${topics.pain ? ` Watch the ${topics.pain === 'pain' ? 'pain' : topics.pain}.` : ''}`;

  return { coachSummary, insights: insights.slice(0, 10), executiveSummary: executiveSummary.slice(0, 2000), motivation, engagementAssessment, concerns };
}
