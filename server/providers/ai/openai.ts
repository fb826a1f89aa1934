import OpenAI from 'openai';
import type { ZodType } from 'zod';
import { analysisPrompt, checkInPrompt, followUpPrompt, milestonesPrompt, type ChatMessage } from './prompts';
import { AiAnswerError, composedMessageSchema, milestonesAnswerSchema, replyAnalysisSchema, type AiProvider, type AiResult } from './types';

/** Reads a JSON object out of a model answer; tolerates a ```json fence some models add. */
export function parseJsonAnswer(content: string | null | undefined): unknown {
  if (!content || !content.trim()) throw new Error('empty answer');
  const unfenced = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  return JSON.parse(unfenced) as unknown;
}

export interface OpenAiOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  timeoutSeconds: number;
}

/** Any OpenAI-compatible chat-completions server, asked for JSON objects (JSON mode). */
export function openAiProvider(options: OpenAiOptions): AiProvider {
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, timeout: options.timeoutSeconds * 1000, maxRetries: 1 });

  /** One request; an answer that is not the agreed JSON shape throws AiAnswerError (the caller retries once). */
  async function ask<T>(operation: string, messages: ChatMessage[], schema: ZodType<T>, temperature: number): Promise<AiResult<T>> {
    const completion = await client.chat.completions.create({
      model: options.model,
      messages,
      temperature,
      response_format: { type: 'json_object' },
    });
    const usage = completion.usage ? { promptTokens: completion.usage.prompt_tokens, completionTokens: completion.usage.completion_tokens } : null;
    let json: unknown;
    try {
      json = parseJsonAnswer(completion.choices[0]?.message?.content);
    } catch (error) {
      throw new AiAnswerError(operation, error instanceof Error ? error.message : 'not JSON');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AiAnswerError(operation, `${issue?.path.join('.') || 'answer'}: ${issue?.message ?? 'invalid'}`);
    }
    return { value: parsed.data, usage, model: completion.model || options.model };
  }

  return {
    name: 'openai',
    async composeCheckIn(ctx) {
      const r = await ask('composeCheckIn', checkInPrompt(ctx), composedMessageSchema, 0.7);
      return { ...r, value: r.value.message };
    },
    async composeFollowUp(ctx) {
      const r = await ask('composeFollowUp', followUpPrompt(ctx), composedMessageSchema, 0.7);
      return { ...r, value: r.value.message };
    },
    analyseReply: (ctx) => ask('analyseReply', analysisPrompt(ctx), replyAnalysisSchema, 0.2),
    async generateMilestones(ctx) {
      const r = await ask('generateMilestones', milestonesPrompt(ctx), milestonesAnswerSchema, 0.4);
      return { ...r, value: r.value.milestones };
    },
  };
}
