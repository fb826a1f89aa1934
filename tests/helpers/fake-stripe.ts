import http from 'node:http';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * A local HTTP server speaking the part of Stripe's API Cadence uses, so the real `stripe` SDK can
 * be pointed at it (STRIPE_API_BASE). State is kept in memory; helpers let a test do what Stripe.js
 * and Stripe's own billing clock would do (confirm a SetupIntent, renew, fail, cancel, refund) and
 * build the matching signed webhook events.
 */

type Obj = Record<string, unknown> & { id: string };

interface Card {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  declineCharges?: boolean;
}

/** Stripe's test payment methods by id, as accepted in test mode. */
const TEST_PAYMENT_METHODS: Record<string, Card> = {
  pm_card_visa: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', exp_month: 11, exp_year: 2033 },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0341', exp_month: 10, exp_year: 2032, declineCharges: true },
};

const now = () => Math.floor(Date.now() / 1000);
const nid = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const MONTH = 30 * 24 * 3600;

/** Stripe's form encoding: `items[0][price]=x&metadata[k]=v&expand[0]=a` into nested objects. */
export function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = out;
    path.forEach((seg, i) => {
      const last = i === path.length - 1;
      const key: string | number = Array.isArray(node) ? (seg === '' ? node.length : Number(seg)) : seg;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[key] = value;
      } else {
        const nextIsIndex = /^\d*$/.test(path[i + 1]!);
        container[key] ??= nextIsIndex ? [] : {};
        node = container[key] as Record<string, unknown> | unknown[];
      }
    });
  }
  return out;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}
const notFound = (what: string, id: string) => new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` });

export interface FakeStripe {
  url: string;
  requests: { method: string; path: string; body: Record<string, unknown> }[];
  customers: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  coupons: Map<string, Obj>;
  promotionCodes: Map<string, Obj>;
  refunds: Map<string, Obj>;
  /** What Stripe.js does on confirmCardSetup: a payment method from a test token, attached to the intent's customer. */
  confirmSetupIntent(clientSecret: string, testPaymentMethod?: keyof typeof TEST_PAYMENT_METHODS): string;
  /** A new paid period on the subscription; answers the invoice for an invoice.paid event. */
  renew(subscriptionId: string): Obj;
  /** A renewal whose charge failed; the subscription becomes past_due. */
  failRenewal(subscriptionId: string): Obj;
  /** The subscription ends now (what Stripe does at the end of a cancel_at_period_end period). */
  endSubscription(subscriptionId: string): Obj;
  /** The charge object of a refunded invoice payment, for a charge.refunded event. */
  refundedCharge(invoiceId: string): Obj;
  /** A webhook event, its raw body and Stripe-Signature header for the secret. */
  event(type: string, object: Obj, secret: string): { id: string; payload: string; signature: string };
  /**
   * Requests whose path matches are held unanswered (a Stripe that hangs) until the returned
   * function is called; `held()` counts the ones waiting. With `acted`, Stripe does the work at
   * once and only the answer is held (the request's effect is visible, webhooks can report it).
   */
  hold(path: RegExp, options?: { acted?: boolean }): () => void;
  held(): number;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const customers = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj & { card: Card; customer: string | null }>();
  const setupIntents = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const coupons = new Map<string, Obj>();
  const promotionCodes = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const requests: FakeStripe['requests'] = [];
  let base = '';
  let holding: RegExp | null = null;
  let holdAnswersOnly = false;
  let waiting: (() => void)[] = [];

  const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

  function customer(id: string): Obj {
    const c = customers.get(id);
    if (!c) throw notFound('customer', id);
    return c;
  }

  function paymentMethodFromToken(token: string, customerId: string | null) {
    const template = TEST_PAYMENT_METHODS[token];
    if (!template) throw notFound('payment_method', token);
    const pm = { id: nid('pm'), object: 'payment_method', type: 'card', customer: customerId, card: { ...template }, billing_details: { name: null, address: null }, created: now() };
    paymentMethods.set(pm.id, pm);
    return pm;
  }

  function publicPm(pm: Obj & { card: Card }) {
    const { declineCharges: _hidden, ...card } = pm.card;
    void _hidden;
    return { ...pm, card };
  }

  function discountOff(amount: number, promotion: Obj | null): number {
    if (!promotion) return 0;
    const coupon = coupons.get(String((promotion.promotion as Obj).coupon))!;
    if (coupon.percent_off) return Math.round((amount * Number(coupon.percent_off)) / 100);
    return Math.min(amount, Number(coupon.amount_off ?? 0));
  }

  /** Makes an invoice for one period and "charges" the customer's default card. */
  function makeInvoice(sub: Obj, opts: { reason: string; amount: number; lines: { description: string; amount: number }[]; start: number; end: number; discountAmount?: number }): Obj {
    const cust = customer(String(sub.customer));
    const pmId = (cust.invoice_settings as Obj | undefined)?.default_payment_method as string | undefined;
    const pm = pmId ? paymentMethods.get(pmId) : undefined;
    const total = Math.max(0, opts.amount);
    const fails = total > 0 && (!pm || pm.card.declineCharges);
    const id = nid('in');
    const pi = total > 0 && !fails ? nid('pi') : null;
    const invoice: Obj = {
      id,
      object: 'invoice',
      customer: sub.customer,
      status: fails ? 'open' : 'paid',
      attempted: true,
      amount_due: total,
      amount_paid: fails ? 0 : total,
      total,
      currency: 'usd',
      billing_reason: opts.reason,
      created: now(),
      period_start: opts.start,
      period_end: opts.end,
      invoice_pdf: `${base}/files/invoices/${id}.pdf`,
      hosted_invoice_url: `${base}/invoices/${id}`,
      lines: list(
        opts.lines.map((l) => ({ id: nid('il'), object: 'line_item', description: l.description, amount: l.amount, currency: 'usd', period: { start: opts.start, end: opts.end } })),
        `/v1/invoices/${id}/lines`,
      ),
      total_discount_amounts: opts.discountAmount ? [{ amount: opts.discountAmount, discount: nid('di') }] : [],
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      status_transitions: { paid_at: fails ? null : now(), finalized_at: now() },
      payments: list(pi ? [{ id: nid('inpay'), object: 'invoice_payment', invoice: id, payment: { type: 'payment_intent', payment_intent: pi }, status: 'paid' }] : [], `/v1/invoice_payments`),
      last_finalization_error: null,
      livemode: false,
    };
    invoices.set(id, invoice);
    return invoice;
  }

  const declineError = () => new StripeError(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });

  function priceObj(id: string): Obj {
    const p = prices.get(id);
    if (!p) throw notFound('price', id);
    return p;
  }

  function expandSub(sub: Obj, expand: unknown): Obj {
    const wanted = Array.isArray(expand) ? expand.map(String) : [];
    if (wanted.includes('latest_invoice') && typeof sub.latest_invoice === 'string') return { ...sub, latest_invoice: invoices.get(sub.latest_invoice) };
    return sub;
  }

  function promotionFrom(body: Record<string, unknown>): Obj | null {
    const discounts = body.discounts as { promotion_code?: string }[] | undefined;
    const code = discounts?.[0]?.promotion_code;
    if (!code) return null;
    const promo = promotionCodes.get(code);
    if (!promo) throw notFound('promotion_code', code);
    return promo;
  }

  function route(method: string, path: string, body: Record<string, unknown>, query: Record<string, unknown>): unknown {
    let m: RegExpExecArray | null;
    // Customers
    if (method === 'POST' && path === '/v1/customers') {
      const c: Obj = { id: nid('cus'), object: 'customer', email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {}, invoice_settings: { default_payment_method: null } };
      customers.set(c.id, c);
      return c;
    }
    if ((m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const c = customer(m[1]!);
      if (method === 'POST') {
        const settings = body.invoice_settings as Obj | undefined;
        if (settings?.default_payment_method) c.invoice_settings = { default_payment_method: settings.default_payment_method };
      }
      return c;
    }
    // SetupIntents
    if (method === 'POST' && path === '/v1/setup_intents') {
      const id = nid('seti');
      const si: Obj = { id, object: 'setup_intent', client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`, customer: body.customer, status: 'requires_payment_method', usage: body.usage, payment_method: null };
      setupIntents.set(id, si);
      return si;
    }
    // Payment methods
    if ((m = /^\/v1\/payment_methods\/([^/]+)$/.exec(path))) {
      const id = m[1]!;
      if (method === 'GET' && TEST_PAYMENT_METHODS[id]) return publicPm(paymentMethodFromToken(id, null));
      const pm = paymentMethods.get(id);
      if (!pm) throw notFound('payment_method', id);
      if (method === 'POST') {
        const details = body.billing_details as Obj | undefined;
        if (details) pm.billing_details = { ...(pm.billing_details as Obj), ...details };
      }
      return publicPm(pm);
    }
    if ((m = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path))) {
      const id = m[1]!;
      customer(String(body.customer));
      if (TEST_PAYMENT_METHODS[id]) return publicPm(paymentMethodFromToken(id, String(body.customer)));
      const pm = paymentMethods.get(id);
      if (!pm) throw notFound('payment_method', id);
      if (pm.customer && pm.customer !== body.customer) throw new StripeError(400, { type: 'invalid_request_error', message: 'The payment method is attached to another customer.' });
      pm.customer = String(body.customer);
      return publicPm(pm);
    }
    if ((m = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path))) {
      const pm = paymentMethods.get(m[1]!);
      if (!pm) throw notFound('payment_method', m[1]!);
      pm.customer = null;
      return publicPm(pm);
    }
    // Prices
    if (method === 'GET' && path === '/v1/prices') {
      const keys = (query.lookup_keys as string[] | undefined) ?? [];
      return list([...prices.values()].filter((p) => keys.includes(String(p.lookup_key)) && p.active), '/v1/prices');
    }
    if (method === 'POST' && path === '/v1/prices') {
      if (body.transfer_lookup_key === 'true') for (const p of prices.values()) if (p.lookup_key === body.lookup_key) p.lookup_key = null;
      const productData = body.product_data as Obj | undefined;
      const price: Obj = {
        id: nid('price'),
        object: 'price',
        active: true,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        recurring: { interval: (body.recurring as Obj).interval },
        lookup_key: body.lookup_key ?? null,
        product: nid('prod'),
        metadata: body.metadata ?? {},
        nickname: productData?.name ?? null,
      };
      prices.set(price.id, price);
      return price;
    }
    // Coupons and promotion codes
    if ((m = /^\/v1\/coupons\/([^/]+)$/.exec(path)) && method === 'GET') {
      const c = coupons.get(decodeURIComponent(m[1]!));
      if (!c) throw notFound('coupon', m[1]!);
      return c;
    }
    if (method === 'POST' && path === '/v1/coupons') {
      const c: Obj = {
        id: String(body.id ?? nid('coupon')),
        object: 'coupon',
        name: body.name,
        duration: body.duration,
        percent_off: body.percent_off ? Number(body.percent_off) : null,
        amount_off: body.amount_off ? Number(body.amount_off) : null,
        currency: body.currency ?? null,
        valid: true,
      };
      coupons.set(c.id, c);
      return c;
    }
    if (method === 'GET' && path === '/v1/promotion_codes') {
      return list([...promotionCodes.values()].filter((p) => p.code === query.code && (query.active === undefined || String(p.active) === query.active)), '/v1/promotion_codes');
    }
    if (method === 'POST' && path === '/v1/promotion_codes') {
      const promotion = body.promotion as Obj;
      if (!coupons.has(String(promotion.coupon))) throw notFound('coupon', String(promotion.coupon));
      const p: Obj = { id: nid('promo'), object: 'promotion_code', code: body.code, active: true, promotion: { type: 'coupon', coupon: promotion.coupon } };
      promotionCodes.set(p.id, p);
      return p;
    }
    // Subscriptions
    if (method === 'POST' && path === '/v1/subscriptions') {
      customer(String(body.customer));
      const items = body.items as { price: string }[];
      const price = priceObj(items[0]!.price);
      const promotion = promotionFrom(body);
      const start = now();
      const end = start + MONTH;
      const sub: Obj = {
        id: nid('sub'),
        object: 'subscription',
        customer: body.customer,
        status: 'active',
        cancel_at_period_end: false,
        canceled_at: null,
        start_date: start,
        billing_cycle_anchor: start,
        metadata: body.metadata ?? {},
        items: list([{ id: nid('si'), object: 'subscription_item', price, quantity: 1, current_period_start: start, current_period_end: end }], '/v1/subscription_items'),
        latest_invoice: null,
        discounts: promotion ? [nid('di')] : [],
      };
      const unit = Number(price.unit_amount);
      const off = discountOff(unit, promotion);
      const lines = [{ description: `1 × ${String(price.nickname ?? 'Plan')} (at $${(unit / 100).toFixed(2)} / month)`, amount: unit }];
      const invoice = makeInvoice(sub, { reason: 'subscription_create', amount: unit - off, lines, start, end, discountAmount: off });
      if (invoice.status !== 'paid' && body.payment_behavior === 'error_if_incomplete') {
        invoices.delete(invoice.id);
        throw declineError();
      }
      sub.latest_invoice = invoice.id;
      subscriptions.set(sub.id, sub);
      return expandSub(sub, body.expand);
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) throw notFound('subscription', m[1]!);
      if (method === 'GET') return expandSub(sub, query.expand);
      if (method === 'DELETE') {
        sub.status = 'canceled';
        sub.canceled_at = now();
        return sub;
      }
      if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
      if (body.metadata) sub.metadata = { ...(sub.metadata as Obj), ...(body.metadata as Obj) };
      const items = body.items as { id?: string; price: string }[] | undefined;
      if (items?.[0]?.price) {
        const item = (sub.items as { data: Obj[] }).data[0]!;
        const oldPrice = item.price as Obj;
        const price = priceObj(items[0].price);
        const promotion = promotionFrom(body);
        const start = now();
        const total = Number(item.current_period_end) - Number(item.current_period_start);
        const left = Math.max(0, Number(item.current_period_end) - start);
        const credit = Math.round((Number(oldPrice.unit_amount) * left) / total);
        const unit = Number(price.unit_amount);
        const off = discountOff(unit, promotion);
        const invoice = makeInvoice(sub, {
          reason: 'subscription_update',
          amount: unit - off - credit,
          lines: [
            { description: 'Remaining time on new plan', amount: unit },
            { description: 'Unused time on previous plan', amount: -credit },
          ],
          start,
          end: start + MONTH,
          discountAmount: off,
        });
        if (invoice.status !== 'paid' && body.payment_behavior === 'error_if_incomplete') {
          invoices.delete(invoice.id);
          throw declineError();
        }
        Object.assign(item, { price, current_period_start: start, current_period_end: start + MONTH });
        sub.latest_invoice = invoice.id;
      }
      return expandSub(sub, body.expand);
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)\/cancel$/.exec(path)) || (method === 'DELETE' && (m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) throw notFound('subscription', m[1]!);
      sub.status = 'canceled';
      sub.canceled_at = now();
      return sub;
    }
    // Invoices and payments
    if ((m = /^\/v1\/invoices\/([^/]+)$/.exec(path))) {
      const invoice = invoices.get(m[1]!);
      if (!invoice) throw notFound('invoice', m[1]!);
      return invoice;
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const wanted = (query.payment as Obj | undefined)?.payment_intent;
      const found = [...invoices.values()].flatMap((inv) => (inv.payments as { data: Obj[] }).data.filter((p) => (p.payment as Obj).payment_intent === wanted));
      return list(found, '/v1/invoice_payments');
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const r: Obj = { id: nid('re'), object: 'refund', payment_intent: body.payment_intent, amount: Number(body.amount), status: 'succeeded', reason: body.reason ?? null };
      refunds.set(r.id, r);
      return r;
    }
    // Billing portal
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      customer(String(body.customer));
      const id = nid('bps');
      return { id, object: 'billing_portal.session', customer: body.customer, return_url: body.return_url, url: `${base}/p/session/${id}` };
    }
    throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` });
  }

  function minimalPdf(invoiceId: string): Buffer {
    return Buffer.from(`%PDF-1.4\n% fake Stripe invoice ${invoiceId}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (holding?.test(url.pathname)) {
        if (holdAnswersOnly) answer(req, res, raw, url, (send) => waiting.push(send));
        else waiting.push(() => answer(req, res, raw, url));
        return;
      }
      answer(req, res, raw, url);
    });
  });

  function answer(req: http.IncomingMessage, res: http.ServerResponse, raw: string, url: URL, later: (send: () => void) => void = (send) => send()): void {
    const pdf = /^\/files\/invoices\/([^/]+)\.pdf$/.exec(url.pathname);
    if (pdf && req.method === 'GET') {
      if (!invoices.has(pdf[1]!)) {
        res.writeHead(404).end();
        return;
      }
      const bytes = minimalPdf(pdf[1]!);
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': bytes.length }).end(bytes);
      return;
    }
    const body = parseForm(raw);
    const query = parseForm(url.search.slice(1));
    requests.push({ method: req.method ?? 'GET', path: url.pathname, body: { ...query, ...body } });
    if (!req.headers.authorization?.startsWith('Bearer sk_test_')) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
      return;
    }
    try {
      const result = route(req.method ?? 'GET', url.pathname, body, query);
      later(() => res.writeHead(200, { 'content-type': 'application/json', 'request-id': nid('req') }).end(JSON.stringify(result)));
    } catch (error) {
      const e = error instanceof StripeError ? error : new StripeError(500, { type: 'api_error', message: String(error) });
      later(() => res.writeHead(e.status, { 'content-type': 'application/json', 'request-id': nid('req') }).end(JSON.stringify({ error: e.body })));
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const subOf = (id: string) => {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`fake Stripe has no subscription ${id}`);
    return sub;
  };
  const itemOf = (sub: Obj) => (sub.items as { data: Obj[] }).data[0]!;

  function renew(subscriptionId: string): Obj {
    const sub = subOf(subscriptionId);
    const item = itemOf(sub);
    const start = Number(item.current_period_end);
    const price = item.price as Obj;
    const invoice = makeInvoice(sub, { reason: 'subscription_cycle', amount: Number(price.unit_amount), lines: [{ description: 'Monthly renewal', amount: Number(price.unit_amount) }], start, end: start + MONTH });
    if (invoice.status === 'paid') Object.assign(item, { current_period_start: start, current_period_end: start + MONTH });
    else sub.status = 'past_due';
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  return {
    url: base,
    requests,
    customers,
    subscriptions,
    invoices,
    coupons,
    promotionCodes,
    refunds,
    confirmSetupIntent(clientSecret, testPaymentMethod = 'pm_card_visa') {
      const si = [...setupIntents.values()].find((s) => s.client_secret === clientSecret);
      if (!si) throw new Error('unknown SetupIntent client secret');
      const pm = paymentMethodFromToken(testPaymentMethod, String(si.customer));
      Object.assign(si, { status: 'succeeded', payment_method: pm.id });
      return pm.id;
    },
    renew,
    failRenewal(subscriptionId) {
      const sub = subOf(subscriptionId);
      const cust = customer(String(sub.customer));
      const settings = cust.invoice_settings as Obj;
      const saved = settings.default_payment_method;
      settings.default_payment_method = null;
      const invoice = renew(subscriptionId);
      settings.default_payment_method = saved;
      return invoice;
    },
    endSubscription(subscriptionId) {
      const sub = subOf(subscriptionId);
      Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return sub;
    },
    refundedCharge(invoiceId) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`fake Stripe has no invoice ${invoiceId}`);
      const payment = (invoice.payments as { data: Obj[] }).data[0];
      const pi = (payment?.payment as Obj | undefined)?.payment_intent ?? null;
      return { id: nid('ch'), object: 'charge', amount: invoice.amount_paid, amount_refunded: invoice.amount_paid, refunded: true, payment_intent: pi, customer: invoice.customer, status: 'succeeded' };
    },
    event(type, object, secret) {
      const id = nid('evt');
      const payload = JSON.stringify({ id, object: 'event', type, api_version: '2026-10-28.endive', created: now(), livemode: false, pending_webhooks: 1, request: { id: null }, data: { object } });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      return { id, payload, signature };
    },
    hold(path, options = {}) {
      holding = path;
      holdAnswersOnly = options.acted ?? false;
      return () => {
        holding = null;
        const release = waiting;
        waiting = [];
        for (const go of release) go();
      };
    },
    held: () => waiting.length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
