import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outboxDir: string;
    databaseUrl: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startStack({
    LOG_LEVEL: 'error',
    REFRESH_REUSE_GRACE_SECONDS: '0',
    // The endpoint table subscribes a device on this (unresolvable) test host.
    PUSH_SERVICE_HOSTS_EXTRA: 'push.example.com',
  });
  project.provide('baseUrl', stack.baseUrl);
  project.provide('outboxDir', stack.outboxDir);
  project.provide('databaseUrl', stack.databaseUrl);
  project.provide('dataDir', stack.dataDir);
  return () => stack.stop();
}
