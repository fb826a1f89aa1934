import { z } from 'zod';
import type { ClientLanguage } from '@/lib/languages';
import type { CoachingSurvey } from '@/lib/preferences';
import type { TokenUsage } from '../pricing';

/** One goal as the AI sees it. */
export interface AiGoal {
  id: string;
  title: string;
  type: string;
  description: string | null;
  target: number | null;
  unit: string | null;
  currentValue: number;
  /** Percent 0-100 (0 when not trackable). */
  progress: number;
  milestones: { title: string; completed: boolean; targetValue: number | null }[];
}

/** An earlier exchange with the client, newest first. */
export interface AiPastCheckIn {
  at: string;
  aiMessage: string | null;
  clientResponse: string | null;
  motivation: string | null;
}

/** Everything a check-in message is written from. */
export interface CheckInContext {
  /** firstName signs the messages ("— Dana's assistant"). */
  coach: { name: string; firstName: string; survey: CoachingSurvey | null };
  /** language: what the message to the client is written in (the coach's texts stay English). */
  client: { firstName: string; lastName: string; timezone: string; language: ClientLanguage };
  /** The goals this check-in is about: one, or every active goal of a global check-in. */
  goals: AiGoal[];
  isGlobal: boolean;
  recent: AiPastCheckIn[];
  /** The client's local weekday and time when the message goes out, e.g. "Monday 09:00". */
  localTime: string;
  /** An AI schedule's own instructions, if it has any. */
  promptTemplate?: string;
}

export const motivationSchema = z.enum(['low', 'medium', 'high']);
export const engagementSchema = z.enum(['great', 'okay', 'bad']);

/** What a reply says about one goal. */
export const goalProgressSchema = z.object({
  goalId: z.string().min(1),
  /** The goal's NEW current value in its unit (an increment already added); null when only "done" was said. */
  value: z.number().finite().min(0).nullable(),
  /** The reply clearly says the goal is done (a task goal has no number to report). */
  completed: z.boolean().default(false),
});
export type GoalProgress = z.infer<typeof goalProgressSchema>;

/** The structured analysis of a client's reply; every field is checked before anything is stored. */
export const replyAnalysisSchema = z.object({
  coachSummary: z.string().trim().min(1).max(2000),
  insights: z.array(z.string().trim().min(1).max(500)).max(10),
  executiveSummary: z.string().trim().min(1).max(2000),
  motivation: motivationSchema,
  engagementAssessment: engagementSchema,
  concerns: z.array(z.string().trim().min(1).max(500)).max(10),
  /** One entry per goal the reply moves; goals it says nothing usable about have none. */
  progress: z.array(goalProgressSchema).max(20).default([]),
  /** What the reply reports that cannot be tied to exactly one goal: told to the coach, never guessed. */
  unattributed: z.array(z.string().trim().min(1).max(500)).max(10).default([]),
});
export type ReplyAnalysis = z.infer<typeof replyAnalysisSchema>;

export const composedMessageSchema = z.object({ message: z.string().trim().min(1).max(1200) });

export const milestonesAnswerSchema = z.object({
  milestones: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(200),
        description: z.string().trim().max(1000).nullable().optional(),
        targetValue: z.number().finite().nullable().optional(),
        targetPercentage: z.number().min(0).max(100).nullable().optional(),
      }),
    )
    .min(1)
    .max(10),
});
export type GeneratedMilestone = z.infer<typeof milestonesAnswerSchema>['milestones'][number];

export interface MilestoneContext {
  coach: { name: string; survey: CoachingSurvey | null };
  goal: AiGoal;
  clientFirstName: string;
}

export interface ReplyContext extends CheckInContext {
  message: string;
  reply: string;
}

export interface FollowUpContext extends ReplyContext {
  analysis: ReplyAnalysis;
}

/** What an AI call answers, with what it cost in tokens (null for the local writer). */
export interface AiResult<T> {
  value: T;
  usage: TokenUsage | null;
  model: string;
}

export interface AiProvider {
  readonly name: 'openai' | 'local';
  composeCheckIn(ctx: CheckInContext): Promise<AiResult<string>>;
  composeFollowUp(ctx: FollowUpContext): Promise<AiResult<string>>;
  analyseReply(ctx: ReplyContext): Promise<AiResult<ReplyAnalysis>>;
  generateMilestones(ctx: MilestoneContext): Promise<AiResult<GeneratedMilestone[]>>;
}

/** The AI answered, but not in the agreed shape. */
export class AiAnswerError extends Error {
  readonly code = 'AI_ANSWER_MALFORMED';
  constructor(
    readonly operation: string,
    detail: string,
  ) {
    super(`The AI answer to ${operation} was malformed: ${detail}`);
    this.name = 'AiAnswerError';
  }
}

/** By its code, not instanceof: the Next bundle and the server process each have their own class. */
export function isAiAnswerError(error: unknown): error is AiAnswerError {
  return error instanceof Error && (error as { code?: unknown }).code === 'AI_ANSWER_MALFORMED';
}
