import pino from 'pino';
import { slotOrCreate } from './runtime';

/** One logger per process, shared by the server and Next's bundle (server/runtime.ts). */
export const log: pino.Logger = slotOrCreate('logger', () =>
  pino({
    level: process.env.LOG_LEVEL ?? 'info',
    base: { app: 'cadence' },
    redact: ['password', 'token', 'refreshToken', 'accessToken', 'cardNumber', 'cvv', 'card.cardNumber', 'card.cvv', 'req.headers.authorization', 'req.headers.cookie'],
  }),
);
