import { afterAll, describe, expect, inject, it } from 'vitest';
import { TEST_CARDS } from '@/lib/card';
import type { BillingChanged, DiscountValidation, LocalCardConfirmed, PaymentMethodList, PaymentMethodsChanged, PortalSession, SetupIntent, SubscriptionCanceled } from '@/lib/schemas/billing';
import { client } from '../helpers/http';
import { openDb, signedInUser, type ErrorBody } from './helpers-auth';
import {
  ADDRESS,
  addLocalCard,
  changePlan,
  confirmLocalCard,
  daysFromNow,
  download,
  getBilling,
  history,
} from './helpers-billing';

const baseUrl = inject('baseUrl');
const request = client(baseUrl);
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

const coach = () => signedInUser(request, outboxDir);

/** Moves the user's live subscription's period end into the past, as if a month went by. */
async function endPeriod(userId: string) {
  const rows = await db`
    update subscriptions set current_period_start = now() - interval '1 month' - interval '1 minute', current_period_end = now() - interval '1 minute'
    where user_id = ${userId} and status <> 'canceled' returning id`;
  expect(rows.length).toBe(1);
}

describe('billing info (local provider)', () => {
  it('starts on the free plan with its quota, no card and the listed plans', async () => {
    const me = await coach();
    const billing = await getBilling(request, me.accessToken);
    expect(billing).toMatchObject({
      plan: 'free',
      nextBillingDate: null,
      cancelAtPeriodEnd: false,
      paymentMethod: null,
      usageMetrics: { clientsCreated: 0, aiInteractionsUsed: 0 },
      usageQuota: { maxClients: 3, maxAIInteractions: 20 },
      provider: 'local',
      publishableKey: null,
    });
    expect(billing.plans.map((p) => [p.id, p.priceCents])).toEqual([
      ['free', 0],
      ['beta', 2999],
      ['full', 24999],
    ]);
    expect(billing.plans.find((p) => p.id === 'beta')).toMatchObject({ wasPriceCents: 24999, featured: true });
  });

  it('needs a signed-in user', async () => {
    expect((await request('GET', '/billing')).status).toBe(401);
    expect((await request('GET', '/billing/history')).status).toBe(401);
    expect((await request('PUT', '/billing/subscription', { body: { planId: 'beta' } })).status).toBe(401);
  });
});

describe('upgrading (local provider)', () => {
  it('asks for a card first, then upgrades once one is added and the change is retried', async () => {
    const me = await coach();
    const first = await changePlan(request, me.accessToken, 'beta');
    expect(first.status).toBe(402);
    expect(first.body).toMatchObject({ error: 'PAYMENT_METHOD_REQUIRED', requiredAction: 'add_payment_method' });
    expect(first.body.message).toBe('Add a payment method to change to a paid plan');
    expect((await getBilling(request, me.accessToken)).plan).toBe('free');

    const card = await addLocalCard(request, me.accessToken);
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, cardholderName: 'Ada Lovelace', isDefault: true, billingAddress: ADDRESS });

    const retried = await changePlan(request, me.accessToken, 'beta');
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.plan).toBe('beta');
    expect(retried.body.transaction).toMatchObject({ amount: 2999, status: 'succeeded' });

    const billing = await getBilling(request, me.accessToken);
    expect(billing).toMatchObject({ plan: 'beta', status: 'active', cancelAtPeriodEnd: false, usageQuota: { maxClients: null, maxAIInteractions: null } });
    expect(daysFromNow(billing.nextBillingDate)).toBeGreaterThan(27);
    expect(daysFromNow(billing.nextBillingDate)).toBeLessThan(32);
    expect(billing.paymentMethod).toMatchObject({ last4: '4242' });

    const { transactions } = await history(request, me.accessToken);
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({ amount: 2999, currency: 'usd', status: 'succeeded', description: 'Beta plan, monthly' });
    expect(transactions[0]!.invoiceUrl).toBe(`/api/billing/invoices/${transactions[0]!.id}/download`);

    const again = await changePlan(request, me.accessToken, 'beta');
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/already on the Beta plan/);
    // Card-number digits never reach the database: only the last four.
    const stored = await db`select * from payment_methods where user_id = ${me.user.id}`;
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
    const tokens = await db`select * from local_card_tokens where user_id = ${me.user.id}`;
    expect(JSON.stringify(tokens)).not.toContain('4242424242424242');
  });

  it('refuses plans that are not offered and malformed plan ids', async () => {
    const me = await coach();
    await addLocalCard(request, me.accessToken);
    const unlisted = await changePlan(request, me.accessToken, 'enterprise');
    expect(unlisted.status).toBe(400);
    expect(unlisted.body.message).toBe('This plan is not available');
    expect((await changePlan(request, me.accessToken, 'platinum')).status).toBe(400);
    const free = await changePlan(request, me.accessToken, 'free');
    expect(free.status).toBe(400);
    expect(free.body.message).toMatch(/already on the Free plan/);
  });

  it('a card declined when saved is not kept; one declined at charge leaves a failed transaction and the free plan', async () => {
    const me = await coach();
    const declined = await confirmLocalCard(request, me.accessToken, TEST_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ error: 'card_declined', message: 'Your card was declined.' });
    expect((await getBilling(request, me.accessToken)).paymentMethod).toBeNull();

    await addLocalCard(request, me.accessToken, TEST_CARDS.chargeDeclined);
    const change = await changePlan(request, me.accessToken, 'beta');
    expect(change.status).toBe(402);
    expect(change.body.message).toBe('Your card was declined.');
    const billing = await getBilling(request, me.accessToken);
    expect(billing.plan).toBe('free');
    expect(billing.usageQuota.maxClients).toBe(3);
    const { transactions } = await history(request, me.accessToken);
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({ status: 'failed', amount: 2999, invoiceUrl: null });
    const file = await download(baseUrl, `/api/billing/invoices/${transactions[0]!.id}/download`, me.accessToken);
    expect(file.status).toBe(409);
  });

  it('checks the card fields: Luhn, expiry and security code', async () => {
    const me = await coach();
    const intent = await request<SetupIntent>('POST', '/billing/setup-intent', { token: me.accessToken });
    const confirm = (card: Record<string, unknown>) =>
      request<ErrorBody & LocalCardConfirmed>('POST', '/billing/local/confirm-setup', {
        token: me.accessToken,
        body: { clientSecret: intent.body.clientSecret, card: { cardholderName: 'A B', cardNumber: '4242424242424242', expirationMonth: 12, expirationYear: 2099, cvv: '123', ...card } },
      });
    const luhn = await confirm({ cardNumber: '4242 4242 4242 4241' });
    expect(luhn.status).toBe(400);
    expect(luhn.body.message).toBe('Your card number is invalid.');
    const expired = await confirm({ expirationMonth: 1, expirationYear: 2020 });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('Your card has expired.');
    const cvv = await confirm({ cvv: '12' });
    expect(cvv.status).toBe(400);
    expect(cvv.body.message).toBe("Your card's security code is invalid.");
    const spaced = await confirm({ cardNumber: '4242 4242 4242 4242' });
    expect(spaced.status).toBe(200);
    // A setup secret belongs to the user it was made for.
    const other = await coach();
    const stolen = await request<ErrorBody>('POST', '/billing/local/confirm-setup', {
      token: other.accessToken,
      body: { clientSecret: intent.body.clientSecret, card: { cardholderName: 'A B', cardNumber: '4242424242424242', expirationMonth: 12, expirationYear: 2099, cvv: '123' } },
    });
    expect(stolen.status).toBe(400);
    // Another user's payment method id cannot be attached.
    const attach = await request<ErrorBody>('POST', '/billing/payment-methods', { token: other.accessToken, body: { paymentMethodId: spaced.body.paymentMethodId } });
    expect(attach.status).toBe(400);
  });
});

describe('discount codes', () => {
  it('validates a code trimmed and upper-cased, and refuses unknown or empty ones', async () => {
    const me = await coach();
    const valid = await request<DiscountValidation>('POST', '/billing/discount/validate', {
      token: me.accessToken,
      body: { code: '  welcome20 ', planId: 'beta' },
    });
    expect(valid.status, JSON.stringify(valid.body)).toBe(200);
    expect(valid.body.discount).toEqual({ code: 'WELCOME20', name: 'Welcome 20%', description: '20% off your first month', type: 'percentage', value: 20 });
    expect(valid.body.discountedPriceCents).toBe(2399);

    const fixed = await request<DiscountValidation>('POST', '/billing/discount/validate', {
      token: me.accessToken,
      body: { code: 'SAVE10', planId: 'full' },
    });
    expect(fixed.body.discount).toMatchObject({ type: 'fixed_amount', value: 10 });
    expect(fixed.body.discountedPriceCents).toBe(23999);

    const invalid = await request<ErrorBody>('POST', '/billing/discount/validate', { token: me.accessToken, body: { code: 'NOPE', planId: 'beta' } });
    expect(invalid.status).toBe(404);
    expect(invalid.body.message).toBe('Invalid discount code');
    const empty = await request<ErrorBody>('POST', '/billing/discount/validate', { token: me.accessToken, body: { code: '   ', planId: 'beta' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please enter a discount code');
    const free = await request<ErrorBody>('POST', '/billing/discount/validate', { token: me.accessToken, body: { code: 'WELCOME20', planId: 'free' } });
    expect(free.status).toBe(400);
  });

  it('refuses expired, used-up, inactive and other-plan codes', async () => {
    const me = await coach();
    const suffix = me.user.id.slice(0, 6).toUpperCase();
    await db`insert into discounts (code, name, type, value, valid_until) values (${`OLD${suffix}`}, 'Old', 'percentage', 10, now() - interval '1 day')`;
    await db`insert into discounts (code, name, type, value, max_redemptions, redemptions) values (${`USED${suffix}`}, 'Used', 'percentage', 10, 1, 1)`;
    await db`insert into discounts (code, name, type, value, active) values (${`OFF${suffix}`}, 'Off', 'percentage', 10, false)`;
    await db`insert into discounts (code, name, type, value, plan_ids) values (${`FULL${suffix}`}, 'Full only', 'percentage', 10, ${['full']})`;
    const check = (code: string, planId = 'beta') => request<ErrorBody>('POST', '/billing/discount/validate', { token: me.accessToken, body: { code, planId } });
    expect((await check(`OLD${suffix}`)).body.message).toBe('This discount code has expired');
    expect((await check(`USED${suffix}`)).body.message).toBe('This discount code has been fully redeemed');
    expect((await check(`OFF${suffix}`)).status).toBe(404);
    expect((await check(`FULL${suffix}`)).body.message).toBe('This discount code is not valid for the Beta plan');
    expect((await check(`FULL${suffix}`, 'full')).status).toBe(200);
  });

  it('takes a percentage or a fixed amount off the first charge, never below zero, and counts the redemption', async () => {
    const me = await coach();
    await addLocalCard(request, me.accessToken);
    const before = await db<{ redemptions: number }[]>`select redemptions from discounts where code = 'SAVE10'`;
    const change = await changePlan(request, me.accessToken, 'beta', ' save10 ');
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    expect(change.body.transaction).toMatchObject({ amount: 1999, status: 'succeeded' });
    const after = await db<{ redemptions: number }[]>`select redemptions from discounts where code = 'SAVE10'`;
    expect(after[0]!.redemptions).toBe(before[0]!.redemptions + 1);

    const other = await coach();
    await addLocalCard(request, other.accessToken);
    const code = `BIG${other.user.id.slice(0, 6).toUpperCase()}`;
    await db`insert into discounts (code, name, type, value) values (${code}, 'Huge', 'fixed_amount', 500)`;
    const free = await changePlan(request, other.accessToken, 'beta', code);
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    expect(free.body.transaction).toMatchObject({ amount: 0, status: 'succeeded' });

    const bad = await changePlan(request, other.accessToken, 'full', 'NOPE');
    expect(bad.status).toBe(404);
    expect(bad.body.message).toBe('Invalid discount code');
    expect((await getBilling(request, other.accessToken)).plan).toBe('beta');
  });
});

describe('cancellation, renewal and quotas (local provider)', () => {
  it('cancels at the period end: the plan stays until then, then the free quota applies', async () => {
    const me = await coach();
    const noSub = await request<ErrorBody>('POST', '/billing/subscription/cancel', { token: me.accessToken });
    expect(noSub.status).toBe(400);
    await addLocalCard(request, me.accessToken);
    expect((await changePlan(request, me.accessToken, 'beta')).status).toBe(200);

    const cancel = await request<SubscriptionCanceled>('POST', '/billing/subscription/cancel', { token: me.accessToken });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.message).toBe('Subscription will be canceled at the end of your billing period');
    expect(cancel.body.cancelAtPeriodEnd).toBe(true);
    const pending = await getBilling(request, me.accessToken);
    expect(pending).toMatchObject({ plan: 'beta', cancelAtPeriodEnd: true, nextBillingDate: null, usageQuota: { maxClients: null } });
    expect(pending.currentPeriodEnd).toBe(cancel.body.currentPeriodEnd);
    // Asking twice changes nothing.
    expect((await request('POST', '/billing/subscription/cancel', { token: me.accessToken })).status).toBe(200);

    // Three clients on the books (another issue builds their screens): within no limit on beta.
    for (const n of [1, 2, 3, 4]) await db`insert into clients (coach_id, first_name, last_name) values (${me.user.id}, ${`Client${n}`}, 'Test')`;
    await endPeriod(me.user.id);
    const after = await getBilling(request, me.accessToken);
    expect(after).toMatchObject({ plan: 'free', status: null, cancelAtPeriodEnd: false, usageQuota: { maxClients: 3, maxAIInteractions: 20 }, usageMetrics: { clientsCreated: 4 } });
    expect((await history(request, me.accessToken)).transactions).toHaveLength(1);
    const [sub] = await db`select status from subscriptions where user_id = ${me.user.id}`;
    expect(sub!.status).toBe('canceled');
  });

  it('refuses a new client past the free quota after a downgrade', async () => {
    const me = await coach();
    await addLocalCard(request, me.accessToken);
    await changePlan(request, me.accessToken, 'beta');
    const downgrade = await changePlan(request, me.accessToken, 'free');
    expect(downgrade.status, JSON.stringify(downgrade.body)).toBe(200);
    expect(downgrade.body.message).toBe('Subscription will be canceled at the end of your billing period');
    for (const n of [1, 2, 3]) await db`insert into clients (coach_id, first_name, last_name) values (${me.user.id}, ${`Client${n}`}, 'Test')`;
    await endPeriod(me.user.id);
    expect((await getBilling(request, me.accessToken)).usageQuota.maxClients).toBe(3);
    const created = await request<ErrorBody & { requiredAction?: string }>('POST', '/coach/clients', {
      token: me.accessToken,
      body: { firstName: 'Four', lastName: 'Th', email: 'four@example.com', phone: '+15555550104' },
    });
    expect(created.status).toBe(403);
    expect(created.body.requiredAction).toBe('upgrade_plan');
  });

  it('resumes a pending cancellation', async () => {
    const me = await coach();
    await addLocalCard(request, me.accessToken);
    await changePlan(request, me.accessToken, 'beta');
    await request('POST', '/billing/subscription/cancel', { token: me.accessToken });
    const resume = await request<BillingChanged>('POST', '/billing/subscription/resume', { token: me.accessToken });
    expect(resume.status).toBe(200);
    expect(resume.body.billing.cancelAtPeriodEnd).toBe(false);
    expect(resume.body.billing.nextBillingDate).not.toBeNull();
  });

  it('rolls a period over: the next month is charged with an invoice and the period moves on', async () => {
    const me = await coach();
    await addLocalCard(request, me.accessToken);
    await changePlan(request, me.accessToken, 'beta', 'WELCOME20');
    await endPeriod(me.user.id);
    const billing = await getBilling(request, me.accessToken);
    expect(billing.plan).toBe('beta');
    expect(daysFromNow(billing.nextBillingDate)).toBeGreaterThan(26);
    const { transactions } = await history(request, me.accessToken);
    expect(transactions.map((t) => [t.description, t.amount, t.status])).toEqual([
      ['Beta plan, monthly renewal', 2999, 'succeeded'],
      ['Beta plan, monthly', 2399, 'succeeded'],
    ]);
    const pdf = await download(baseUrl, transactions[0]!.invoiceUrl!, me.accessToken);
    expect(pdf.status).toBe(200);
  });

  it('a renewal that fails leaves the subscription past due, and a new card settles it', async () => {
    const me = await coach();
    const bad = await addLocalCard(request, me.accessToken, TEST_CARDS.success);
    await changePlan(request, me.accessToken, 'beta');
    // The card starts failing: swap its token for a charge-declining one.
    const declining = await confirmLocalCard(request, me.accessToken, TEST_CARDS.chargeDeclined);
    await db`update payment_methods set provider_payment_method_id = ${declining.body.paymentMethodId} where id = ${bad.id}`;
    await endPeriod(me.user.id);
    const pastDue = await getBilling(request, me.accessToken);
    expect(pastDue).toMatchObject({ plan: 'beta', status: 'past_due' });
    expect((await history(request, me.accessToken)).transactions[0]).toMatchObject({ status: 'failed', description: 'Beta plan, monthly renewal' });

    await addLocalCard(request, me.accessToken);
    const settled = await getBilling(request, me.accessToken);
    expect(settled).toMatchObject({ plan: 'beta', status: 'active' });
    expect((await history(request, me.accessToken)).transactions[0]).toMatchObject({ status: 'succeeded', description: 'Beta plan, monthly renewal' });
  });

  it('moves between paid plans at once, crediting unused time', async () => {
    const me = await coach();
    await addLocalCard(request, me.accessToken);
    await changePlan(request, me.accessToken, 'beta');
    const up = await changePlan(request, me.accessToken, 'full');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    // Nearly the whole Beta month is unused: about $29.99 comes off $249.99.
    expect(up.body.transaction!.amount).toBeGreaterThanOrEqual(24999 - 2999);
    expect(up.body.transaction!.amount).toBeLessThan(24999 - 2990);
    expect(up.body.billing.plan).toBe('full');

    const down = await changePlan(request, me.accessToken, 'beta');
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(down.body.transaction!.amount).toBe(0);
    const { transactions } = await history(request, me.accessToken);
    const refund = transactions.find((t) => t.status === 'refunded');
    expect(refund?.description).toBe('Refund of unused time on the Full plan');
    // What was paid for the Full month, less the Beta month it now pays for.
    expect(refund!.amount).toBeLessThanOrEqual(up.body.transaction!.amount - 2999);
    expect(refund!.amount).toBeGreaterThan(up.body.transaction!.amount - 2999 - 10);
  });
});

describe('portal, payment methods, history and invoices', () => {
  it('answers a portal link back to this site only', async () => {
    const me = await coach();
    const res = await request<PortalSession>('POST', '/billing/portal', { token: me.accessToken, body: { returnUrl: `${baseUrl}/settings?tab=billing` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = new URL(res.body.url);
    expect(url.origin).toBe(new URL(baseUrl).origin);
    expect(url.pathname).toBe('/billing/portal');
    // Only the path travels: the portal page is on the origin the user returns to.
    expect(url.searchParams.get('return')).toBe('/settings?tab=billing');
    const relative = await request<PortalSession>('POST', '/billing/portal', { token: me.accessToken, body: { returnUrl: '/billing' } });
    expect(relative.status).toBe(200);
    const evil = await request<ErrorBody>('POST', '/billing/portal', { token: me.accessToken, body: { returnUrl: 'https://evil.example/steal' } });
    expect(evil.status).toBe(400);
    const sneaky = await request<ErrorBody>('POST', '/billing/portal', { token: me.accessToken, body: { returnUrl: '//evil.example' } });
    expect(sneaky.status).toBe(400);
  });

  it('lists cards, changes the default and removes one, keeping the card a live subscription needs', async () => {
    const me = await coach();
    const first = await addLocalCard(request, me.accessToken);
    await changePlan(request, me.accessToken, 'beta');
    const only = await request<ErrorBody>('DELETE', `/billing/payment-methods/${first.id}`, { token: me.accessToken });
    expect(only.status).toBe(409);
    const second = await addLocalCard(request, me.accessToken, '5555555555554444');
    expect(second).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: true });
    const list = await request<PaymentMethodList>('GET', '/billing/payment-methods', { token: me.accessToken });
    expect(list.body.paymentMethods.map((p) => [p.last4, p.isDefault])).toEqual([
      ['4444', true],
      ['4242', false],
    ]);
    const made = await request<PaymentMethodsChanged>('POST', `/billing/payment-methods/${first.id}/default`, { token: me.accessToken });
    expect(made.body.paymentMethods.find((p) => p.isDefault)?.last4).toBe('4242');
    const removed = await request<PaymentMethodsChanged>('DELETE', `/billing/payment-methods/${first.id}`, { token: me.accessToken });
    expect(removed.status).toBe(200);
    expect(removed.body.paymentMethods.map((p) => [p.last4, p.isDefault])).toEqual([['4444', true]]);
    const other = await coach();
    expect((await request('DELETE', `/billing/payment-methods/${second.id}`, { token: other.accessToken })).status).toBe(404);
  });

  it('pages the history ten at a time, newest first', async () => {
    const me = await coach();
    for (let i = 0; i < 12; i += 1) {
      await db`insert into transactions (user_id, plan_id, description, amount_cents, status, date)
        values (${me.user.id}, 'beta', ${`Payment ${i}`}, 2999, ${i % 4 === 3 ? 'failed' : 'succeeded'}, now() - ${`${i} days`}::interval)`;
    }
    const page1 = await history(request, me.accessToken);
    expect(page1.pagination).toEqual({ page: 1, limit: 10, total: 12, pages: 2 });
    expect(page1.transactions).toHaveLength(10);
    expect(page1.transactions[0]!.description).toBe('Payment 0');
    const page2 = await history(request, me.accessToken, '?page=2&limit=10');
    expect(page2.transactions.map((t) => t.description)).toEqual(['Payment 10', 'Payment 11']);
    const small = await history(request, me.accessToken, '?page=3&limit=5');
    expect(small.pagination).toEqual({ page: 3, limit: 5, total: 12, pages: 3 });
    expect(small.transactions).toHaveLength(2);
    expect((await request('GET', '/billing/history?page=0', { token: me.accessToken })).status).toBe(400);
  });

  it('downloads the invoice PDF of an own succeeded transaction only', async () => {
    const me = await coach();
    await addLocalCard(request, me.accessToken);
    await changePlan(request, me.accessToken, 'beta', 'WELCOME20');
    const [paid] = (await history(request, me.accessToken)).transactions;
    const file = await download(baseUrl, paid!.invoiceUrl!, me.accessToken);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="cadence-invoice-CAD-\d{8}-[0-9A-F]{8}\.pdf"$/);
    const text = file.bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('(PAID)');
    expect(text).toContain('($23.99)');
    expect(text).toContain('Discount WELCOME20');
    // The cross-reference table points at each object exactly.
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));

    const other = await coach();
    expect((await download(baseUrl, paid!.invoiceUrl!, other.accessToken)).status).toBe(404);
    expect((await download(baseUrl, paid!.invoiceUrl!)).status).toBe(401);
    await db`update transactions set status = 'refunded', refunded_at = now() where id = ${paid!.id}`;
    expect((await download(baseUrl, paid!.invoiceUrl!, me.accessToken)).status).toBe(409);
    expect((await history(request, me.accessToken)).transactions[0]!.invoiceUrl).toBeNull();
  });

  it('has no Stripe webhook without Stripe configured', async () => {
    const res = await request<ErrorBody>('POST', '/webhooks/stripe', { rawBody: '{}', headers: { 'stripe-signature': 't=1,v1=abc' } });
    expect(res.status).toBe(400);
  });
});

describe('billing changes in flight (issue 14)', () => {
  it('refuses a change while another of the user is with the provider, and takes over one whose lease ran out', async () => {
    const me = await coach();
    await addLocalCard(request, me.accessToken);
    // A change of this user is in flight (another request, another instance).
    await db`insert into billing_operations (user_id, kind, plan_id, started_at, lease_expires_at) values (${me.user.id}, 'plan_change', 'full', now(), now() + interval '5 minutes')`;
    const busy = await changePlan(request, me.accessToken, 'beta');
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ error: 'BILLING_CHANGE_IN_PROGRESS', message: expect.stringMatching(/in progress/) });
    expect((await request('POST', '/billing/payment-methods', { token: me.accessToken, body: { paymentMethodId: 'pm_local_x' } })).status).toBe(409);
    // Reading is never refused, and nothing was charged.
    expect(await getBilling(request, me.accessToken)).toMatchObject({ plan: 'free' });
    expect((await history(request, me.accessToken)).transactions).toEqual([]);

    // Its process died: once the lease has run out the next change goes ahead.
    await db`update billing_operations set lease_expires_at = now() - interval '1 second' where user_id = ${me.user.id} and status = 'pending'`;
    const change = await changePlan(request, me.accessToken, 'beta');
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    const operations = await db<{ status: string; plan_id: string; error: string | null }[]>`
      select status, plan_id, error from billing_operations where user_id = ${me.user.id} and kind = 'plan_change' order by started_at`;
    expect(operations).toEqual([
      { status: 'failed', plan_id: 'full', error: expect.stringMatching(/abandoned/) },
      { status: 'succeeded', plan_id: 'beta', error: null },
    ]);
  });
});
