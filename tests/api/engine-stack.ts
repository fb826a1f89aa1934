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
