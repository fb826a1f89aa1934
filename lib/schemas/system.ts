import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export const realtimeConfigResponseSchema = z.object({ port: z.number().int(), path: z.string() });
export type RealtimeConfig = z.infer<typeof realtimeConfigResponseSchema>;

/** The OpenAPI document, as far as a client needs to know its shape. */
export const openApiDocumentSchema = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string() }), paths: z.record(z.string(), z.unknown()) });
