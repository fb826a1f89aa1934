import type { Endpoint } from './endpoint';
import * as account from './account';
import * as admin from './admin';
import * as analytics from './analytics';
import * as auth from './auth';
import * as billing from './billing';
import * as checkins from './checkins';
import * as clients from './clients';
import * as goals from './goals';
import * as notifications from './notifications';
import * as reply from './reply';
import * as schedules from './schedules';
import * as system from './system';
import * as unsubscribe from './unsubscribe';

/** Every endpoint of the API, one module per area; the OpenAPI document and the coverage test read this. */
export const ENDPOINT_MODULES = { account, admin, analytics, auth, billing, checkins, clients, goals, notifications, reply, schedules, system, unsubscribe } as const;

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;
}

export const ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINT_MODULES).flatMap((module) => Object.values(module).filter(isEndpoint));
