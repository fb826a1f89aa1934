import { config } from '../config';

/**
 * The one price table for cost metering (api_usage.cost_usd), in USD. Public list prices at the
 * time of writing; decision 0042 explains where each comes from.
 */

/** Per 1,000 tokens, input (prompt) and output (completion), by model name prefix. */
export const MODEL_PRICES_PER_1K: Record<string, { input: number; output: number }> = {
  'gpt-4o-mini': { input: 0.00015, output: 0.0006 },
  'gpt-4o': { input: 0.0025, output: 0.01 },
  'gpt-4.1-nano': { input: 0.0001, output: 0.0004 },
  'gpt-4.1-mini': { input: 0.0004, output: 0.0016 },
  'gpt-4.1': { input: 0.002, output: 0.008 },
  'gpt-3.5-turbo': { input: 0.0005, output: 0.0015 },
};

/** Twilio US long-code outbound SMS, per segment. */
export const SMS_SEGMENT_COST_USD = 0.0079;

/** Resend, per e-mail beyond the free tier (Pro plan: $20 for 50,000). */
export const EMAIL_COST_USD = 0.0004;

/** The local providers (outbox, built-in AI writer) cost nothing. */
export const LOCAL_COST_USD = 0;

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

/** The longest known prefix wins, so gpt-4o-mini is not priced as gpt-4o. */
export function modelPrice(model: string): { input: number; output: number } | null {
  const cfg = config();
  if (cfg.AI_PRICE_INPUT_PER_1K_USD !== undefined || cfg.AI_PRICE_OUTPUT_PER_1K_USD !== undefined) {
    return { input: cfg.AI_PRICE_INPUT_PER_1K_USD ?? 0, output: cfg.AI_PRICE_OUTPUT_PER_1K_USD ?? 0 };
  }
  const key = Object.keys(MODEL_PRICES_PER_1K)
    .filter((prefix) => model === prefix || model.startsWith(`${prefix}-`))
    .sort((a, b) => b.length - a.length)[0];
  return key ? MODEL_PRICES_PER_1K[key]! : null;
}

/** Cost of one chat completion; an unknown model (a self-hosted server) costs 0 unless priced in the config. */
export function tokenCost(model: string, usage: TokenUsage | null | undefined): number {
  const price = modelPrice(model);
  if (!price || !usage) return 0;
  const cost = (usage.promptTokens / 1000) * price.input + (usage.completionTokens / 1000) * price.output;
  return Math.round(cost * 1e6) / 1e6;
}

export const smsCost = (segments: number) => Math.round(segments * SMS_SEGMENT_COST_USD * 1e6) / 1e6;
