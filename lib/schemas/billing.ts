import { z } from 'zod';
import { okWithMessageSchema, paginationSchema, timestampSchema } from '../contract/common';
import { BILLING_HISTORY_PAGE_SIZE, BILLING_VALIDATION as V } from '../constants';
import { cardDigits, cardExpired, cvvLength, luhnValid } from '../card';
import { PLAN_IDS } from '../plans';

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

/** Billing address for a payment method (product §1.3); country defaults to US. */
export const billingAddressSchema = z.object({
  line1: text(200).min(1, V.line1Required),
  line2: text(200).optional().default(''),
  city: text(100).min(1, V.cityRequired),
  state: text(100).optional().default(''),
  zip: text(20).min(1, V.zipRequired),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, V.countryInvalid)
    .default('US'),
});
export type BillingAddressInput = z.input<typeof billingAddressSchema>;

export const planIdSchema = z.enum(PLAN_IDS as [string, ...string[]], { error: 'Please choose a valid plan' });

/** Trimmed and upper-cased (product §1.5). */
export const discountCodeSchema = z
  .string({ error: V.discountRequired })
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.string().min(1, V.discountRequired).max(40, V.discountInvalid));

export const discountValidateSchema = z.object({ code: discountCodeSchema, planId: planIdSchema });

export const subscriptionChangeSchema = z.object({
  planId: planIdSchema,
  discountCode: z
    .string()
    .optional()
    .nullable()
    .transform((v) => (v ? v.trim().toUpperCase() : undefined))
    .pipe(z.string().max(40, V.discountInvalid).optional()),
});

export const addPaymentMethodSchema = z.object({
  paymentMethodId: z.string().trim().min(1, 'paymentMethodId is required').max(200),
  billingAddress: billingAddressSchema.optional(),
});

export const portalSchema = z.object({ returnUrl: z.string().trim().max(2000).optional() });

export const historyQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(BILLING_HISTORY_PAGE_SIZE),
});

/** Card entry fields (product §1.3) as the local card form sends them to the local provider. */
export const cardFieldsSchema = z
  .object({
    cardholderName: text(100).min(1, V.cardholderRequired),
    cardNumber: z
      .string({ error: V.cardNumberInvalid })
      .transform(cardDigits)
      .refine((v) => luhnValid(v), V.cardNumberInvalid),
    expirationMonth: z.coerce.number({ error: V.expiryInvalid }).int().min(1, V.expiryInvalid).max(12, V.expiryInvalid),
    expirationYear: z.coerce
      .number({ error: V.expiryInvalid })
      .int()
      .min(0, V.expiryInvalid)
      .max(2100, V.expiryInvalid)
      .transform((y) => (y < 100 ? 2000 + y : y)),
    cvv: z.string({ error: V.cvvInvalid }).trim().regex(/^\d{3,4}$/, V.cvvInvalid),
  })
  .superRefine((card, ctx) => {
    if (cardExpired(card.expirationMonth, card.expirationYear)) ctx.addIssue({ code: 'custom', path: ['expirationYear'], message: V.cardExpired });
    if (card.cvv.length !== cvvLength(card.cardNumber)) ctx.addIssue({ code: 'custom', path: ['cvv'], message: V.cvvInvalid });
  });

export const localConfirmSetupSchema = z.object({
  clientSecret: z.string().trim().min(1).max(300),
  card: cardFieldsSchema,
  billingAddress: billingAddressSchema.optional(),
});

export const transactionIdParamSchema = z.object({ id: z.string().uuid('Invoice not found') });
export const paymentMethodIdParamSchema = z.object({ id: z.string().uuid('Payment method not found') });

// ---------------------------------------------------------------------------------------------
// What is stored and answered

/** A billing address as stored with a card and answered back (the request schema's output). */
export const storedBillingAddressSchema = z.object({
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
});
export type BillingAddress = z.infer<typeof storedBillingAddressSchema>;

/** One line of an invoice; negative amounts are credits and discounts. */
export const invoiceLineSchema = z.object({ description: z.string(), amountCents: z.number().int() });
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** What an invoice shows beyond its total: the lines, the period and the card charged. */
export const invoiceDetailsSchema = z.object({
  lines: z.array(invoiceLineSchema),
  periodStart: z.string().optional(),
  periodEnd: z.string().optional(),
  discountCode: z.string().nullable().optional(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable().optional(),
  refundReason: z.string().nullable().optional(),
});
export type InvoiceDetails = z.infer<typeof invoiceDetailsSchema>;

export const paymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  /** The brand as shown ("Visa"). */
  brandName: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cardholderName: z.string().nullable(),
  billingAddress: storedBillingAddressSchema.nullable(),
  isDefault: z.boolean(),
}).meta({ id: 'PaymentMethod' });
export type PaymentMethodInfo = z.infer<typeof paymentMethodSchema>;

/** A plan of the plans grid; a null quota is unlimited. */
export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  wasPriceCents: z.number().int().nullable(),
  interval: z.literal('month'),
  maxClients: z.number().int().nullable(),
  maxAIInteractions: z.number().int().nullable(),
  features: z.array(z.string()),
  featured: z.boolean(),
});
export type PlanInfo = z.infer<typeof planSchema>;

/** Billing info (product §1.3) plus the plans grid and what the card form needs. */
export const billingInfoSchema = z.object({
  plan: z.string(),
  planName: z.string(),
  priceCents: z.number().int(),
  /** The live subscription's status; null without one. */
  status: z.enum(['active', 'past_due', 'incomplete', 'canceled']).nullable(),
  nextBillingDate: timestampSchema.nullable(),
  currentPeriodStart: timestampSchema.nullable(),
  currentPeriodEnd: timestampSchema.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  paymentMethod: paymentMethodSchema.nullable(),
  billingAddress: storedBillingAddressSchema.nullable(),
  usageMetrics: z.object({ clientsCreated: z.number().int(), aiInteractionsUsed: z.number().int() }),
  usageQuota: z.object({ maxClients: z.number().int().nullable(), maxAIInteractions: z.number().int().nullable() }),
  plans: z.array(planSchema),
  provider: z.enum(['local', 'stripe']),
  /** Stripe.js's key when Stripe is the provider. */
  publishableKey: z.string().nullable(),
});
export type BillingInfo = z.infer<typeof billingInfoSchema>;

export const billingTransactionSchema = z.object({
  id: z.string(),
  date: timestampSchema,
  description: z.string(),
  /** Integer cents, USD; negative for a credit. */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['succeeded', 'failed', 'pending', 'refunded']),
  planId: z.string().nullable(),
  /** Where the PDF downloads from; null when the transaction has no invoice. */
  invoiceUrl: z.string().nullable(),
});
export type BillingTransaction = z.infer<typeof billingTransactionSchema>;

export const billingHistorySchema = z.object({ transactions: z.array(billingTransactionSchema), pagination: paginationSchema });
export type BillingHistory = z.infer<typeof billingHistorySchema>;

export const discountSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(['percentage', 'fixed_amount']),
  /** Percent, or dollars off. */
  value: z.number(),
});
export type Discount = z.infer<typeof discountSchema>;

export const discountValidationSchema = z.object({
  valid: z.literal(true),
  discount: discountSchema,
  planId: z.string(),
  priceCents: z.number().int(),
  /** The first month's price with the code. */
  discountedPriceCents: z.number().int(),
});
export type DiscountValidation = z.infer<typeof discountValidationSchema>;

export const setupIntentSchema = z.object({ clientSecret: z.string() });
export type SetupIntent = z.infer<typeof setupIntentSchema>;
export const localCardConfirmedSchema = z.object({ paymentMethodId: z.string() });
export type LocalCardConfirmed = z.infer<typeof localCardConfirmedSchema>;
export const portalSessionSchema = z.object({ url: z.string() });
export type PortalSession = z.infer<typeof portalSessionSchema>;

export const paymentMethodListSchema = z.object({ paymentMethods: z.array(paymentMethodSchema) });
export type PaymentMethodList = z.infer<typeof paymentMethodListSchema>;
export const paymentMethodAddedSchema = okWithMessageSchema.extend({ paymentMethod: paymentMethodSchema });
export type PaymentMethodAdded = z.infer<typeof paymentMethodAddedSchema>;
/** A card made the default or removed: the cards as they are now. */
export const paymentMethodsChangedSchema = okWithMessageSchema.extend({ paymentMethods: z.array(paymentMethodSchema) });
export type PaymentMethodsChanged = z.infer<typeof paymentMethodsChangedSchema>;

/** A subscription change, with the billing info as it is after it. */
export const billingChangedSchema = okWithMessageSchema.extend({ billing: billingInfoSchema });
export type BillingChanged = z.infer<typeof billingChangedSchema>;
export const subscriptionCanceledSchema = billingChangedSchema.extend({ cancelAtPeriodEnd: z.literal(true), currentPeriodEnd: timestampSchema });
export type SubscriptionCanceled = z.infer<typeof subscriptionCanceledSchema>;

/**
 * A plan change: to a paid plan (with the transaction charged, if any), to Free with a
 * subscription (it ends at the period's end, as a cancel), or to Free from a plan given without one.
 */
export const paidPlanChangedSchema = billingChangedSchema.extend({ plan: z.string(), transaction: billingTransactionSchema.nullable() });
export type PaidPlanChanged = z.infer<typeof paidPlanChangedSchema>;
export const planChangedSchema = z.union([paidPlanChangedSchema, subscriptionCanceledSchema, billingChangedSchema]);
export type PlanChanged = z.infer<typeof planChangedSchema>;

export const stripeWebhookReceivedSchema = z.object({
  received: z.literal(true),
  /** The event was processed before (Stripe retries deliveries). */
  duplicate: z.boolean(),
  type: z.string(),
});
export type StripeWebhookReceived = z.infer<typeof stripeWebhookReceivedSchema>;
