import { subscriptionSchema, subscriptionUpdateSchema, unsubscribeTokenParamSchema } from '../schemas/unsubscribe';
import { endpoint } from './endpoint';

/*
 * One-click unsubscribe (RFC 8058, issue 18 item 7, decision 0092). No account: the signed token in
 * the path names one user and one list and is the only credential.
 */

const TAG = 'Unsubscribe';
const NOT_FOUND = 'The link is not one of ours, was altered, or its account is gone (nothing more is said)';

export const unsubscribeLanding = endpoint({
  method: 'GET',
  path: '/api/unsubscribe/{token}',
  tag: TAG,
  summary:
    'The List-Unsubscribe address opened in a browser: changes nothing (link scanners open it too) and leads to the page that confirms with a button',
  auth: 'public',
  params: unsubscribeTokenParamSchema,
  status: 303,
  response: { contentType: 'text/plain', description: 'A redirect (`Location`) to `/unsubscribe/{token}`' },
});

export const unsubscribeOneClick = endpoint({
  method: 'POST',
  path: '/api/unsubscribe/{token}',
  tag: TAG,
  summary: "The mail client's one-click unsubscribe (RFC 8058): turns the list's switch off; repeating it changes nothing",
  auth: 'public',
  params: unsubscribeTokenParamSchema,
  rawBody: { contentType: 'application/x-www-form-urlencoded', description: '`List-Unsubscribe=One-Click`, as RFC 8058 has mail clients send it; the body is not needed' },
  response: subscriptionSchema,
  errors: { 404: NOT_FOUND, 429: 'Too many changes through this address' },
});

export const getSubscription = endpoint({
  method: 'GET',
  path: '/api/unsubscribe/{token}/subscription',
  tag: TAG,
  summary: "What the unsubscribe page shows: the list, the account's address partly hidden, and whether it is subscribed",
  auth: 'public',
  params: unsubscribeTokenParamSchema,
  response: subscriptionSchema,
  errors: { 404: NOT_FOUND },
});

export const updateSubscription = endpoint({
  method: 'PUT',
  path: '/api/unsubscribe/{token}/subscription',
  tag: TAG,
  summary: "The unsubscribe page's button: unsubscribe, or subscribe again",
  auth: 'public',
  params: unsubscribeTokenParamSchema,
  body: subscriptionUpdateSchema,
  response: subscriptionSchema,
  errors: { 404: NOT_FOUND, 429: 'Too many changes through this address' },
});
