import { config } from '../../config';
import { log } from '../../log';
import { metered, type UsageBatch } from '../metering';
import { tokenCost, type TokenUsage } from '../pricing';
import { localAiProvider } from './local';
import { openAiProvider } from './openai';
import { isAiAnswerError, type AiProvider, type AiResult, type CheckInContext, type FollowUpContext, type GeneratedMilestone, type MilestoneContext, type ReplyAnalysis, type ReplyContext } from './types';

export * from './types';

// Kept per module graph (the Next bundle and the server each build their own), so an error the
// provider throws is always this graph's AiAnswerError.
let provider: AiProvider | undefined;

/** OpenAI (or any compatible server) when OPENAI_API_KEY is set; the built-in writer otherwise. */
export function aiProvider(): AiProvider {
  if (!provider) {
    const cfg = config();
    provider = cfg.OPENAI_API_KEY
      ? openAiProvider({ apiKey: cfg.OPENAI_API_KEY, baseURL: cfg.OPENAI_BASE_URL, model: cfg.OPENAI_MODEL, timeoutSeconds: cfg.OPENAI_TIMEOUT_SECONDS })
      : localAiProvider();
  }
  return provider;
}

/** How many times a malformed answer is asked for again before the call fails. */
const MALFORMED_RETRIES = 1;

/**
 * One AI operation, metered per request into api_usage (service 'openai' or 'ai', the coach as
 * user, token cost): these rows are what the plan's monthly AI quota counts. An answer that is not
 * the agreed JSON is recorded as an error and asked for once more; a second one throws AiAnswerError.
 */
async function run<T>(operation: string, coachId: string, call: (p: AiProvider) => Promise<AiResult<T>>, batch?: UsageBatch): Promise<T> {
  const provider = aiProvider();
  const service = provider.name === 'openai' ? 'openai' : 'ai';
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await metered({ service, operation, userId: coachId, batch }, () => call(provider), (r) => tokenCost(r.model, r.usage));
      return result.value;
    } catch (error) {
      if (!isAiAnswerError(error) || attempt >= MALFORMED_RETRIES) throw error;
      log.warn({ operation, coachId, err: error.message }, 'malformed AI answer; asking once more');
    }
  }
}

export const composeCheckIn = (coachId: string, ctx: CheckInContext, usage?: UsageBatch) => run('checkin.compose', coachId, (p) => p.composeCheckIn(ctx), usage);
export const composeFollowUp = (coachId: string, ctx: FollowUpContext) => run('checkin.followup', coachId, (p) => p.composeFollowUp(ctx));
export const analyseReply = (coachId: string, ctx: ReplyContext): Promise<ReplyAnalysis> => run('checkin.analyse', coachId, (p) => p.analyseReply(ctx));
export const generateMilestones = (coachId: string, ctx: MilestoneContext): Promise<GeneratedMilestone[]> =>
  run('goal.milestones', coachId, (p) => p.generateMilestones(ctx));

export type { TokenUsage };
