import pino from 'pino';

const globalForLog = globalThis as unknown as { cadenceLogger?: pino.Logger };

export const log: pino.Logger =
  globalForLog.cadenceLogger ??
  (globalForLog.cadenceLogger = pino({
    level: process.env.LOG_LEVEL ?? 'info',
    base: { app: 'cadence' },
    redact: ['password', 'token', 'refreshToken', 'accessToken', 'cardNumber', 'cvv', 'card.cardNumber', 'card.cvv', 'req.headers.authorization', 'req.headers.cookie'],
  }));
