import type { FakeOpenAi } from './fake-openai';
import type { FakeTwilio } from './fake-twilio';

/** The Twilio account the app is given when it talks to the local fake. */
export const FAKE_TWILIO_ACCOUNT = {
  accountSid: `AC${'0'.repeat(32)}`,
  authToken: 'test-twilio-auth-token-0123456789',
  from: '+15005550006',
} as const;

/** The environment that points the real openai and twilio SDKs of an app at the local fakes. */
export function fakeProviderEnv(ai: FakeOpenAi, sms: FakeTwilio): Record<string, string> {
  return {
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: `${ai.url}/v1`,
    TWILIO_ACCOUNT_SID: FAKE_TWILIO_ACCOUNT.accountSid,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO_ACCOUNT.authToken,
    TWILIO_FROM_NUMBER: FAKE_TWILIO_ACCOUNT.from,
    TWILIO_BASE_URL: sms.url,
  };
}
