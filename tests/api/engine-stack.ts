import { afterAll, beforeAll } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai';
import { fakeProviderEnv } from '../helpers/fake-providers';
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio';
import { client } from '../helpers/http';
import { startStack, type Stack } from '../helpers/stack';
import { openDb, type ApiRequest, type Db } from './helpers-auth';

/**
 * A stack of its own with the real openai and twilio SDKs pointed at local fakes (the shared stack
 * runs with the local providers), for the suites that follow a check-in through the engine.
 */
export interface EngineStack {
  stack: Stack;
  ai: FakeOpenAi;
  sms: FakeTwilio;
  request: ApiRequest;
  db: Db;
}

export async function startEngineStack(env: Record<string, string> = {}): Promise<EngineStack> {
  const ai = await startFakeOpenAi();
  const sms = await startFakeTwilio();
  const stack = await startStack({ LOG_LEVEL: 'error', ...fakeProviderEnv(ai, sms), ...env });
  return { stack, ai, sms, request: client(stack.baseUrl), db: openDb(stack.databaseUrl) };
}

/** Stops what started, also after a failed start (every part may be missing). */
export async function stopEngineStack(e: Partial<Omit<EngineStack, 'request'>>): Promise<void> {
  await e.db?.end();
  await e.stack?.stop();
  await e.ai?.close();
  await e.sms?.close();
}

/** The parts of a suite's engine stack, set once it has started (read them inside tests and hooks). */
class EngineSuite implements EngineStack {
  stack!: Stack;
  ai!: FakeOpenAi;
  sms!: FakeTwilio;
  request!: ApiRequest;
  db!: Db;
}

/**
 * Starts an engine stack before the suite's tests and stops it after them; `env` is read when it
 * starts (a function for values known only then).
 */
export function engineSuite(env: Record<string, string> | (() => Promise<Record<string, string>>) = {}): EngineStack {
  const suite = new EngineSuite();
  beforeAll(async () => {
    Object.assign(suite, await startEngineStack(typeof env === 'function' ? await env() : env));
  });
  afterAll(() => stopEngineStack(suite));
  return suite;
}
