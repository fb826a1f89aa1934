import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export const realtimeConfigResponseSchema = z.object({ port: z.number().int(), path: z.string() });
export type RealtimeConfig = z.infer<typeof realtimeConfigResponseSchema>;
