import { buildIfNeeded } from './build-if-needed';

process.env.NEXT_TELEMETRY_DISABLED = '1';
buildIfNeeded();
await import('../server/index');
