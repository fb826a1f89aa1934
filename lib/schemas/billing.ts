import { z } from 'zod';
import { BILLING_HISTORY_PAGE_SIZE, BILLING_VALIDATION as V } from '../constants';
import { cardDigits, cardExpired, cvvLength, luhnValid } from '../card';
import { PLAN_IDS } from '../plans';

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

/** Billing address for a payment method (spec 01 §3); country defaults to US. */
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

/** Trimmed and upper-cased (spec 01 §5). */
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

/** Card entry fields (spec 01 §3) as the local card form sends them to the local provider. */
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
