import { z } from 'zod';

/** The body of every failure (server/http/route.ts errorResponse). */
export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  requiredAction: z.string().optional(),
}).meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The answer of an action with nothing else to say. */
export const okSchema = z.object({ success: z.literal(true) });
export const okWithMessageSchema = okSchema.extend({ message: z.string() });

/** An instant as JSON carries it: ISO 8601 in UTC, what a Date serialises to. */
export const timestampSchema = z.iso.datetime();

export const paginationSchema = z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() });
