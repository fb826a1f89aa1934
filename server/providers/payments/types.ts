import type { BillingAddress, InvoiceLine } from '@/lib/schemas/billing';
import type { Plan } from '@/lib/plans';

export interface CardDetails {
  /** The provider's id of the attached method (Stripe gives a test token like pm_card_visa a new one). */
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  cardholderName: string | null;
}

export interface ProviderDiscount {
  code: string;
  name: string;
  type: 'percentage' | 'fixed_amount';
  value: number;
  /** The provider's coupon id once created there (Stripe); the service stores it on the discount. */
  providerCouponId: string | null;
}

export interface ProviderInvoice {
  id: string;
  status: 'paid' | 'failed' | 'open';
  amountCents: number;
  /** The payment a refund is made against (Stripe PaymentIntent / local charge). */
  paymentId: string | null;
  /** A hosted PDF (Stripe); null where the service renders the PDF itself (local). */
  pdfUrl: string | null;
  lines: InvoiceLine[];
  periodStart: Date;
  periodEnd: Date;
  failureMessage?: string | null;
  date: Date;
  /** Credit for unused time beyond this invoice's total, paid back to the card (local provider). */
  excessCreditCents?: number;
}

export type ProviderSubscriptionStatus = 'active' | 'past_due' | 'canceled' | 'incomplete';

export interface ProviderSubscription {
  id: string;
  status: ProviderSubscriptionStatus;
  planId: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  latestInvoice: ProviderInvoice | null;
}

/** What the service knows about the subscription being changed. */
export interface CurrentSubscription {
  providerSubscriptionId: string;
  planId: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  /** What was paid for the current period, for the credit on an immediate plan change. */
  paidThisPeriodCents: number;
}

/** A charge the provider refused; `invoice` is the failed invoice when the provider kept one. */
export class PaymentDeclinedError extends Error {
  constructor(
    message: string,
    readonly code: string = 'card_declined',
    readonly invoice: ProviderInvoice | null = null,
  ) {
    super(message);
  }
}

/** The provider refused a request for another reason (bad id, missing object). */
export class ProviderRequestError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/**
 * The payments interface the billing service drives. Calls that move money carry an idempotency
 * key (Stripe's Idempotency-Key): the SDK's retries, and a retry of the same billing operation,
 * never charge, subscribe or refund twice. Stripe implements it with its API; the
 * local provider simulates the same objects in the database so the product runs with no keys.
 */
export interface PaymentsProvider {
  readonly name: 'stripe' | 'local';
  createCustomer(user: { id: string; email: string; name: string }): Promise<string>;
  createSetupIntent(customerId: string, userId: string): Promise<{ clientSecret: string }>;
  /** Attaches a tokenised card to the customer, makes it the default, and reads its details. */
  attachPaymentMethod(args: { customerId: string; userId: string; paymentMethodId: string; billingAddress: BillingAddress | null }): Promise<CardDetails>;
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /** Starts a monthly subscription and charges its first invoice at once; throws PaymentDeclinedError. */
  createSubscription(args: { customerId: string; userId: string; plan: Plan; paymentMethodId: string; discount: ProviderDiscount | null; idempotencyKey: string }): Promise<ProviderSubscription>;
  /** Moves a subscription to another paid plan now: a new period starts, unused time is credited. */
  changeSubscriptionPlan(args: {
    customerId: string;
    userId: string;
    current: CurrentSubscription;
    plan: Plan;
    paymentMethodId: string;
    discount: ProviderDiscount | null;
    idempotencyKey: string;
  }): Promise<ProviderSubscription>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Ends a subscription now (account deletion). */
  cancelNow(subscriptionId: string): Promise<void>;
  /** Charges one renewal (local provider only: Stripe renews by itself and reports by webhook). */
  chargeRenewal?(args: { userId: string; plan: Plan; paymentMethodId: string; periodStart: Date; periodEnd: Date }): Promise<ProviderInvoice>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  refund(args: { paymentId: string | null; invoiceId: string | null; amountCents: number; reason?: string | null; idempotencyKey: string }): Promise<{ id: string }>;
  /** The hosted invoice PDF's bytes (Stripe); the local provider renders its own. */
  fetchInvoicePdf?(pdfUrl: string): Promise<Uint8Array>;
}
