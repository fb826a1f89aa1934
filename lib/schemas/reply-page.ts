import { z } from 'zod';
import { timestampSchema } from '../contract/common';
import { REPLY_PAGE_MAX_CHARS } from '../reply-page';

/** The one-tap reply page (decision 0083): only what the client needs to answer, nothing else. */

export const replyTokenParamSchema = z.object({ token: z.string().min(1).max(100) });

export const replyPageGoalSchema = z
  .object({
    /** The goal's id, to name it in the answers: the client's own goals, shown on the coach's check-in. */
    id: z.string(),
    title: z.string(),
    /** numeric: a number in the goal's unit; task: done or not yet. */
    type: z.enum(['numeric', 'task']),
    unit: z.string().nullable(),
    currentValue: z.number().nullable(),
    target: z.number().nullable(),
  })
  .meta({ id: 'ReplyPageGoal' });

export const replyPageSchema = z
  .object({
    question: z.string(),
    firstName: z.string(),
    goals: z.array(replyPageGoalSchema),
    /** Answers given through this link, oldest first. */
    answers: z.array(z.object({ text: z.string(), at: timestampSchema })),
    expiresAt: timestampSchema,
  })
  .meta({ id: 'ReplyPage' });
export type ReplyPage = z.infer<typeof replyPageSchema>;
export type ReplyPageGoal = z.infer<typeof replyPageGoalSchema>;

export const replyAnswerSchema = z
  .object({
    goalId: z.string().max(100),
    value: z.number().finite().min(0).max(1e9).optional(),
    done: z.boolean().optional(),
  })
  .strict();
/** A quick answer as the client gave it: a numeric goal's value now, or a task done / not yet. */
export type ReplyAnswer = z.infer<typeof replyAnswerSchema>;

export const postReplySchema = z
  .object({
    answers: z.array(replyAnswerSchema).max(50).default([]),
    text: z.string().max(REPLY_PAGE_MAX_CHARS, `text must be at most ${REPLY_PAGE_MAX_CHARS} characters`).default(''),
  })
  .strict()
  .meta({ id: 'PostReply' });
export type PostReply = z.infer<typeof postReplySchema>;

export const postReplyResponseSchema = z
  .object({
    success: z.literal(true),
    /** The reply text that was sent, as the coach reads it. */
    sent: z.string(),
    page: replyPageSchema,
  })
  .meta({ id: 'PostReplyResponse' });
export type PostReplyResponse = z.infer<typeof postReplyResponseSchema>;
