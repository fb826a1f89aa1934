import {
  addPaymentMethodSchema,
  billingChangedSchema,
  billingHistorySchema,
  billingInfoSchema,
  discountValidateSchema,
  discountValidationSchema,
  historyQuerySchema,
  localCardConfirmedSchema,
  localConfirmSetupSchema,
  paymentMethodAddedSchema,
  paymentMethodIdParamSchema,
  paymentMethodListSchema,
  paymentMethodsChangedSchema,
  planChangedSchema,
  portalSchema,
  portalSessionSchema,
  setupIntentSchema,
  stripeWebhookReceivedSchema,
  subscriptionCanceledSchema,
  subscriptionChangeSchema,
  transactionIdParamSchema,
} from '../schemas/billing';
import { endpoint } from './endpoint';

// 402 (Payment Required) is not among Endpoint['errors'] keys yet; an errors object naming it
// alongside a known status type-checks, and documentedStatuses() reads every key at run time.
const CARD_DECLINED = 'The card was declined, or a paid plan needs a card first (`requiredAction: add_payment_method`)';
const IN_PROGRESS = 'Another billing change of the user is still in flight';
const PROVIDER_REFUSED = 'The payments provider does not know the customer or card';

export const getBilling = endpoint({
  method: 'GET',
  path: '/api/billing',
  tag: 'Billing',
  summary: 'The signed-in user’s plan, subscription, card, usage against quota, and the plans on offer',
  auth: 'user',
  response: billingInfoSchema,
});

export const billingHistory = endpoint({
  method: 'GET',
  path: '/api/billing/history',
  tag: 'Billing',
  summary: 'The user’s charges, refunds and failed payments, newest first, a page at a time',
  auth: 'user',
  query: historyQuerySchema,
  response: billingHistorySchema,
});

export const downloadInvoice = endpoint({
  method: 'GET',
  path: '/api/billing/invoices/{id}/download',
  tag: 'Billing',
  summary: 'The PDF invoice of one of the user’s paid transactions',
  auth: 'user',
  params: transactionIdParamSchema,
  response: { contentType: 'application/pdf', description: 'The invoice, as an attachment' },
  errors: {
    404: 'No such transaction of yours, or it has no invoice',
    409: 'The transaction was not paid, so it has no invoice',
    502: 'The payments provider did not hand over its invoice PDF',
  },
});

export const validateDiscount = endpoint({
  method: 'POST',
  path: '/api/billing/discount/validate',
  tag: 'Billing',
  summary: 'Whether a discount code applies to a plan, and the first month’s price with it',
  auth: 'user',
  body: discountValidateSchema,
  response: discountValidationSchema,
  errors: { 404: 'No such active code' },
});

export const createSetupIntent = endpoint({
  method: 'POST',
  path: '/api/billing/setup-intent',
  tag: 'Billing',
  summary: 'Starts saving a card: the client secret the card form confirms the card against',
  auth: 'user',
  response: setupIntentSchema,
  errors: { 400: 'The payments provider refused the request', 404: PROVIDER_REFUSED },
});

export const confirmLocalCard = endpoint({
  method: 'POST',
  path: '/api/billing/local/confirm-setup',
  tag: 'Billing',
  summary: 'The local payments provider’s stand-in for Stripe.js: card fields in, a payment method id out',
  auth: 'user',
  body: localConfirmSetupSchema,
  response: localCardConfirmedSchema,
  errors: { 402: CARD_DECLINED, 404: 'Stripe is the provider: card details go to Stripe directly', 429: 'More than 20 card setups in an hour' },
});

export const listPaymentMethods = endpoint({
  method: 'GET',
  path: '/api/billing/payment-methods',
  tag: 'Billing',
  summary: 'The user’s saved cards, the default first',
  auth: 'user',
  response: paymentMethodListSchema,
});

export const addPaymentMethod = endpoint({
  method: 'POST',
  path: '/api/billing/payment-methods',
  tag: 'Billing',
  summary: 'Saves a confirmed card as the default one; a renewal that failed is retried with it',
  auth: 'user',
  body: addPaymentMethodSchema,
  response: paymentMethodAddedSchema,
  errors: { 402: CARD_DECLINED, 404: PROVIDER_REFUSED, 409: IN_PROGRESS },
});

export const removePaymentMethod = endpoint({
  method: 'DELETE',
  path: '/api/billing/payment-methods/{id}',
  tag: 'Billing',
  summary: 'Removes a saved card; the newest other card becomes the default',
  auth: 'user',
  params: paymentMethodIdParamSchema,
  response: paymentMethodsChangedSchema,
  errors: { 402: CARD_DECLINED, 404: 'No such card of yours', 409: 'The only card a running subscription is paid with, or another billing change in flight' },
});

export const setDefaultPaymentMethod = endpoint({
  method: 'POST',
  path: '/api/billing/payment-methods/{id}/default',
  tag: 'Billing',
  summary: 'Makes a saved card the one charged',
  auth: 'user',
  params: paymentMethodIdParamSchema,
  response: paymentMethodsChangedSchema,
  errors: { 402: CARD_DECLINED, 404: 'No such card of yours', 409: IN_PROGRESS },
});

export const createPortalSession = endpoint({
  method: 'POST',
  path: '/api/billing/portal',
  tag: 'Billing',
  summary: 'The address of the payments provider’s customer portal, which returns to a page of this site',
  auth: 'user',
  body: portalSchema,
  response: portalSessionSchema,
  errors: { 404: PROVIDER_REFUSED },
});

export const changePlan = endpoint({
  method: 'PUT',
  path: '/api/billing/subscription',
  tag: 'Billing',
  summary: 'Moves to another plan: a paid one is charged now with unused time credited; Free ends the subscription at the period’s end',
  auth: 'user',
  body: subscriptionChangeSchema,
  response: planChangedSchema,
  errors: { 402: CARD_DECLINED, 404: 'The discount code does not exist, or the provider does not know the customer', 409: IN_PROGRESS },
});

export const cancelSubscription = endpoint({
  method: 'POST',
  path: '/api/billing/subscription/cancel',
  tag: 'Billing',
  summary: 'Ends the paid subscription at the end of the period already paid for',
  auth: 'user',
  response: subscriptionCanceledSchema,
  errors: { 400: 'No paid subscription to cancel', 404: PROVIDER_REFUSED, 409: IN_PROGRESS },
});

export const resumeSubscription = endpoint({
  method: 'POST',
  path: '/api/billing/subscription/resume',
  tag: 'Billing',
  summary: 'Keeps a subscription that was set to end',
  auth: 'user',
  response: billingChangedSchema,
  errors: { 400: 'The subscription is not set to end', 404: PROVIDER_REFUSED, 409: IN_PROGRESS },
});

export const stripeWebhook = endpoint({
  method: 'POST',
  path: '/api/webhooks/stripe',
  tag: 'Webhooks',
  summary: 'Stripe’s events (invoices, subscriptions, refunds), signed with the webhook secret; a repeated event is a no-op',
  auth: 'public',
  rawBody: { contentType: 'application/json', description: 'The event exactly as Stripe sent it, checked against the `Stripe-Signature` header' },
  response: stripeWebhookReceivedSchema,
  errors: { 413: 'The event is larger than the limit' },
});
