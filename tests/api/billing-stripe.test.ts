import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../helpers/http';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { startStack, type Stack } from '../helpers/stack';
import { openDb, signedInUser, type ApiRequest, type Db, type ErrorBody } from './helpers-auth';
import type { DiscountValidation, PaymentMethodAdded, PaymentMethodInfo, PortalSession, SetupIntent, StripeWebhookReceived, SubscriptionCanceled } from '@/lib/schemas/billing';
import { ADDRESS, changePlan, daysFromNow, download, getBilling, history } from './helpers-billing';

// A second app process whose payments go through the real stripe SDK to a local fake of Stripe's API.
const WEBHOOK_SECRET = 'whsec_test_cadence_fake_secret';
let fake: FakeStripe;
let stack: Stack;
let request: ApiRequest;
let db: Db;

beforeAll(async () => {
  fake = await startFakeStripe();
  stack = await startStack({
    LOG_LEVEL: 'error',
    STRIPE_SECRET_KEY: 'sk_test_cadence_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_cadence_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
  request = client(stack.baseUrl);
  db = openDb(stack.databaseUrl);
});

afterAll(async () => {
  await db?.end();
  await stack?.stop();
  await fake?.close();
});

const coach = () => signedInUser(request, stack.outboxDir);

/** What Stripe Elements does in the browser, then the card handed to Cadence. */
async function addStripeCard(token: string, testCard: 'pm_card_visa' | 'pm_card_chargeDeclined' = 'pm_card_visa'): Promise<PaymentMethodInfo> {
  const intent = await request<SetupIntent>('POST', '/billing/setup-intent', { token });
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  expect(intent.body.clientSecret).toMatch(/^seti_[0-9a-f]+_secret_/);
  const paymentMethodId = fake.confirmSetupIntent(intent.body.clientSecret, testCard);
  const saved = await request<PaymentMethodAdded>('POST', '/billing/payment-methods', { token, body: { paymentMethodId, billingAddress: ADDRESS } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.paymentMethod;
}

async function subscribedCoach(discountCode?: string) {
  const me = await coach();
  await addStripeCard(me.accessToken);
  const change = await changePlan(request, me.accessToken, 'beta', discountCode);
  expect(change.status, JSON.stringify(change.body)).toBe(200);
  const [row] = await db<{ provider_subscription_id: string }[]>`select provider_subscription_id from subscriptions where user_id = ${me.user.id} and status <> 'canceled'`;
  return { ...me, subscriptionId: row!.provider_subscription_id };
}

const postEvent = (event: { payload: string; signature: string }) =>
  request<StripeWebhookReceived & ErrorBody>('POST', '/webhooks/stripe', { rawBody: event.payload, headers: { 'stripe-signature': event.signature } });

const countTransactions = async (userId: string) => Number((await db<{ n: string }[]>`select count(*) as n from transactions where user_id = ${userId}`)[0]!.n);

describe('billing through Stripe (fake Stripe API)', () => {
  it('tells the browser to use Stripe Elements with the publishable key', async () => {
    const me = await coach();
    const billing = await getBilling(request, me.accessToken);
    expect(billing).toMatchObject({ plan: 'free', provider: 'stripe', publishableKey: 'pk_test_cadence_fake' });
    // Card numbers never come to Cadence in Stripe mode.
    const local = await request('POST', '/billing/local/confirm-setup', {
      token: me.accessToken,
      body: { clientSecret: 'x', card: { cardholderName: 'A', cardNumber: '4242424242424242', expirationMonth: 12, expirationYear: 2099, cvv: '123' } },
    });
    expect(local.status).toBe(404);
  });

  it('asks for a card, then subscribes on the plan price with the discount as a promotion code', async () => {
    const me = await coach();
    const first = await changePlan(request, me.accessToken, 'beta', 'WELCOME20');
    expect(first.status).toBe(402);
    expect(first.body.requiredAction).toBe('add_payment_method');

    const card = await addStripeCard(me.accessToken);
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', isDefault: true });
    const [customerRow] = await db<{ payment_customer_id: string }[]>`select payment_customer_id from users where id = ${me.user.id}`;
    const customer = fake.customers.get(customerRow!.payment_customer_id)!;
    expect((customer.invoice_settings as { default_payment_method: string }).default_payment_method).toMatch(/^pm_/);

    const change = await changePlan(request, me.accessToken, 'beta', 'WELCOME20');
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    expect(change.body.transaction).toMatchObject({ amount: 2399, status: 'succeeded' });
    expect(change.body.billing).toMatchObject({ plan: 'beta', status: 'active', usageQuota: { maxClients: null } });
    expect(daysFromNow(change.body.billing.nextBillingDate)).toBeGreaterThan(28);

    expect(fake.coupons.get('cadence_WELCOME20')).toMatchObject({ percent_off: 20, duration: 'once' });
    expect([...fake.promotionCodes.values()].some((p) => p.code === 'WELCOME20')).toBe(true);
    const sub = [...fake.subscriptions.values()].find((s) => s.customer === customer.id)!;
    const item = (sub.items as { data: { price: { lookup_key: string; unit_amount: number } }[] }).data[0]!;
    expect(item.price).toMatchObject({ lookup_key: 'cadence_beta_monthly', unit_amount: 2999 });

    // The Stripe-hosted invoice PDF is served through Cadence to its owner.
    const [paid] = (await history(request, me.accessToken)).transactions;
    const pdf = await download(stack.baseUrl, paid!.invoiceUrl!, me.accessToken);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.bytes.toString('latin1').startsWith('%PDF-')).toBe(true);
    const other = await coach();
    expect((await download(stack.baseUrl, paid!.invoiceUrl!, other.accessToken)).status).toBe(404);

    // Every Stripe call was metered.
    const usage = await db<{ operation: string }[]>`select operation from api_usage where service = 'stripe' and user_id = ${me.user.id}`;
    expect(usage.map((u) => u.operation)).toEqual(expect.arrayContaining(['customers.create', 'setup_intents.create', 'subscriptions.create']));
  });

  it('a declined card keeps the free plan and records a failed transaction', async () => {
    const me = await coach();
    await addStripeCard(me.accessToken, 'pm_card_chargeDeclined');
    const change = await changePlan(request, me.accessToken, 'beta');
    expect(change.status).toBe(402);
    expect(change.body).toMatchObject({ error: 'card_declined', message: 'Your card was declined.' });
    expect((await getBilling(request, me.accessToken)).plan).toBe('free');
    const { transactions } = await history(request, me.accessToken);
    expect(transactions).toEqual([expect.objectContaining({ status: 'failed', amount: 2999, invoiceUrl: null })]);
  });

  it('validates discount codes the same way', async () => {
    const me = await coach();
    const invalid = await request<ErrorBody>('POST', '/billing/discount/validate', { token: me.accessToken, body: { code: 'nope', planId: 'beta' } });
    expect(invalid.status).toBe(404);
    expect(invalid.body.message).toBe('Invalid discount code');
    const valid = await request<DiscountValidation>('POST', '/billing/discount/validate', { token: me.accessToken, body: { code: 'save10', planId: 'beta' } });
    expect(valid.body.discountedPriceCents).toBe(1999);
  });

  it('opens the Stripe billing portal with a return address of this site', async () => {
    const me = await coach();
    const res = await request<PortalSession>('POST', '/billing/portal', { token: me.accessToken, body: { returnUrl: `${stack.baseUrl}/settings?tab=billing` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${fake.url}/p/session/bps_`));
    const call = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(call.body.return_url).toBe(`${stack.baseUrl}/settings?tab=billing`);
    expect((await request('POST', '/billing/portal', { token: me.accessToken, body: { returnUrl: 'https://evil.example' } })).status).toBe(400);
  });

  it('cancels at the period end; when Stripe ends the subscription the free quota applies', async () => {
    const me = await subscribedCoach();
    const cancel = await request<SubscriptionCanceled>('POST', '/billing/subscription/cancel', { token: me.accessToken });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.message).toBe('Subscription will be canceled at the end of your billing period');
    expect(fake.subscriptions.get(me.subscriptionId)!.cancel_at_period_end).toBe(true);
    expect(await getBilling(request, me.accessToken)).toMatchObject({ plan: 'beta', cancelAtPeriodEnd: true, nextBillingDate: null });

    const ended = fake.endSubscription(me.subscriptionId);
    const res = await postEvent(fake.event('customer.subscription.deleted', ended, WEBHOOK_SECRET));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await getBilling(request, me.accessToken);
    expect(after).toMatchObject({ plan: 'free', status: null, usageQuota: { maxClients: 3, maxAIInteractions: 20 } });
  });
});

describe('a plan change and its webhook (issue 14)', () => {
  it('settles once when Stripe reports the new subscription before the change has its answer', async () => {
    const me = await coach();
    await addStripeCard(me.accessToken);
    const release = fake.hold(/^\/v1\/subscriptions$/, { acted: true });
    let change: Promise<Awaited<ReturnType<typeof changePlan>>>;
    try {
      change = changePlan(request, me.accessToken, 'beta');
      for (let i = 0; i < 200 && fake.held() === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(fake.held()).toBe(1);
      const [customerRow] = await db<{ payment_customer_id: string }[]>`select payment_customer_id from users where id = ${me.user.id}`;
      // Stripe made the subscription and tells the webhook before its answer reaches the change.
      const created = [...fake.subscriptions.values()].find((s) => s.customer === customerRow!.payment_customer_id)!;
      const reported = await postEvent(fake.event('customer.subscription.created', created, WEBHOOK_SECRET));
      expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    } finally {
      release();
    }
    const answered = await change!;
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.billing).toMatchObject({ plan: 'beta', status: 'active' });
    const rows = await db<{ provider_subscription_id: string; status: string }[]>`select provider_subscription_id, status from subscriptions where user_id = ${me.user.id}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('active');
    expect(await countTransactions(me.user.id)).toBe(1);
  });
});

describe('Stripe webhooks', () => {
  it('refuses a bad or missing signature with 400 and processes nothing', async () => {
    const me = await subscribedCoach();
    const invoice = fake.renew(me.subscriptionId);
    const event = fake.event('invoice.paid', invoice, 'whsec_some_other_secret');
    const bad = await postEvent(event);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('INVALID_SIGNATURE');
    const tampered = fake.event('invoice.paid', invoice, WEBHOOK_SECRET);
    expect((await postEvent({ payload: tampered.payload.replace('"invoice.paid"', '"invoice.paid" '), signature: tampered.signature })).status).toBe(400);
    const missing = await request<ErrorBody>('POST', '/webhooks/stripe', { rawBody: event.payload });
    expect(missing.status).toBe(400);
    expect(await countTransactions(me.user.id)).toBe(1);
    const stored = await db`select id from webhook_events where id = ${event.id}`;
    expect(stored).toHaveLength(0);
  });

  it('records a renewal from invoice.paid once, however often the event is delivered', async () => {
    const me = await subscribedCoach();
    const before = await getBilling(request, me.accessToken);
    const invoice = fake.renew(me.subscriptionId);
    const event = fake.event('invoice.paid', invoice, WEBHOOK_SECRET);
    const first = await postEvent(event);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ received: true, duplicate: false });
    const second = await postEvent(event);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ received: true, duplicate: true });
    // The same invoice reported by a different event (invoice.payment_succeeded) is still one transaction.
    expect((await postEvent(fake.event('invoice.payment_succeeded', invoice, WEBHOOK_SECRET))).status).toBe(200);

    expect(await countTransactions(me.user.id)).toBe(2);
    const rows = await db`select id from webhook_events where id = ${event.id}`;
    expect(rows).toHaveLength(1);
    const { transactions } = await history(request, me.accessToken);
    expect(transactions[0]).toMatchObject({ description: 'Beta plan, monthly renewal', amount: 2999, status: 'succeeded' });
    const after = await getBilling(request, me.accessToken);
    expect(daysFromNow(after.nextBillingDate) - daysFromNow(before.nextBillingDate)).toBeGreaterThan(27);

    // The subscription's own first invoice, reported late, does not double the history.
    const firstInvoice = fake.invoices.get(String([...fake.invoices.values()].find((i) => i.billing_reason === 'subscription_create' && (i.parent as { subscription_details: { subscription: string } }).subscription_details.subscription === me.subscriptionId)!.id))!;
    expect((await postEvent(fake.event('invoice.paid', firstInvoice, WEBHOOK_SECRET))).status).toBe(200);
    expect(await countTransactions(me.user.id)).toBe(2);
  });

  it('a failed renewal leaves a failed transaction and a past-due subscription', async () => {
    const me = await subscribedCoach();
    const invoice = fake.failRenewal(me.subscriptionId);
    const res = await postEvent(fake.event('invoice.payment_failed', invoice, WEBHOOK_SECRET));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await getBilling(request, me.accessToken)).toMatchObject({ plan: 'beta', status: 'past_due' });
    expect((await history(request, me.accessToken)).transactions[0]).toMatchObject({ status: 'failed', invoiceUrl: null });
  });

  it('follows customer.subscription.updated and marks a refunded charge', async () => {
    const me = await subscribedCoach();
    const sub = fake.subscriptions.get(me.subscriptionId)!;
    sub.cancel_at_period_end = true;
    expect((await postEvent(fake.event('customer.subscription.updated', sub, WEBHOOK_SECRET))).status).toBe(200);
    expect(await getBilling(request, me.accessToken)).toMatchObject({ plan: 'beta', cancelAtPeriodEnd: true });

    const [paid] = (await history(request, me.accessToken)).transactions;
    const [row] = await db<{ provider_invoice_id: string }[]>`select provider_invoice_id from transactions where id = ${paid!.id}`;
    const charge = fake.refundedCharge(row!.provider_invoice_id);
    expect((await postEvent(fake.event('charge.refunded', charge, WEBHOOK_SECRET))).status).toBe(200);
    const [refunded] = (await history(request, me.accessToken)).transactions;
    expect(refunded).toMatchObject({ id: paid!.id, status: 'refunded', invoiceUrl: null });
  });

  it('ignores events it does not handle, once each', async () => {
    const event = fake.event('customer.created', { id: 'cus_unknown', object: 'customer' }, WEBHOOK_SECRET);
    expect((await postEvent(event)).body).toMatchObject({ received: true, duplicate: false });
    expect((await postEvent(event)).body).toMatchObject({ received: true, duplicate: true });
  });
});

/** Posts `chunks` with chunked transfer encoding (no Content-Length), as a client streaming its body would. */
function postChunked(url: string, chunks: number, chunk: Buffer, headers: Record<string, string>): Promise<{ status: number; body: ErrorBody }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') as ErrorBody }));
    });
    // The server may answer and close before the whole body is sent: that is the point.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    let sent = 0;
    const pump = () => {
      while (sent < chunks) {
        sent += 1;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('Stripe webhook body size (issue 14)', () => {
  it('refuses a declared body over 512 KB with 413 before reading it', async () => {
    const big = fake.event('customer.created', { id: 'cus_big', object: 'customer', description: 'x'.repeat(600 * 1024) }, WEBHOOK_SECRET);
    const res = await postEvent(big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/512 KB/) });
    expect(await db`select id from webhook_events where id = ${big.id}`).toHaveLength(0);
  });

  it('cuts off a chunked body without Content-Length at the cap with 413', async () => {
    const res = await postChunked(`${stack.baseUrl}/api/webhooks/stripe`, 64, Buffer.alloc(32 * 1024, 'x'), { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
  });

  it('still verifies and processes a signed event under the cap, larger than the JSON cap of other routes', async () => {
    const event = fake.event('customer.created', { id: 'cus_padded', object: 'customer', description: 'y'.repeat(300 * 1024) }, WEBHOOK_SECRET);
    const res = await postEvent(event);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ received: true, duplicate: false });
    // A signature over other bytes is still refused.
    expect((await postEvent({ payload: `${event.payload} `, signature: event.signature })).status).toBe(400);
  });
});
