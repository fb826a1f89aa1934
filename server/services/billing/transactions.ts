import { count, desc, eq, sql } from 'drizzle-orm';
import type { BillingHistory, BillingTransaction, InvoiceDetails } from '@/lib/schemas/billing';
import { getDb, type Executor } from '../../db/client';
import { transactions } from '../../db/schema';
import type { ProviderInvoice } from '../../providers/payments';
import { cardLabel } from './account';

/** The user's transactions: each provider invoice recorded once, and the history that lists them. */

export type TransactionRow = typeof transactions.$inferSelect;

/** Whether the transaction has a PDF to download: a paid one, hosted by the provider or rendered here. */
export const hasInvoice = (t: TransactionRow) => t.status === 'succeeded' && (!!t.invoiceUrl || !!t.providerInvoiceId);

export function transactionDto(t: TransactionRow): BillingTransaction {
  return {
    id: t.id,
    date: t.date.toISOString(),
    description: t.description,
    amount: t.amountCents,
    currency: t.currency,
    status: t.status,
    planId: t.planId,
    invoiceUrl: hasInvoice(t) ? `/api/billing/invoices/${t.id}/download` : null,
  };
}

export async function listHistory(userId: string, page: number, limit: number): Promise<BillingHistory> {
  const db = getDb();
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, userId))
      .orderBy(desc(transactions.date), desc(transactions.createdAt))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(transactions).where(eq(transactions.userId, userId)),
  ]);
  const totalCount = total?.n ?? 0;
  return {
    transactions: rows.map(transactionDto),
    pagination: { page, limit, total: totalCount, pages: Math.max(1, Math.ceil(totalCount / limit)) },
  };
}

interface RecordInvoiceArgs {
  userId: string;
  subscriptionRowId: string | null;
  planId: string;
  description: string;
  invoice: ProviderInvoice;
  card?: { brand: string; last4: string } | null;
  discountCode?: string | null;
}

const txStatusOf = (invoice: ProviderInvoice) => (invoice.status === 'paid' ? 'succeeded' : invoice.status === 'failed' ? 'failed' : 'pending');

/** One transaction per provider invoice; a webhook and the API answer may both report it. */
export async function recordInvoice(tx: Executor, args: RecordInvoiceArgs): Promise<TransactionRow> {
  const { invoice } = args;
  const details: InvoiceDetails = {
    lines: invoice.lines,
    periodStart: invoice.periodStart.toISOString(),
    periodEnd: invoice.periodEnd.toISOString(),
    discountCode: args.discountCode ?? null,
    card: args.card ? { brand: cardLabel(args.card.brand), last4: args.card.last4 } : null,
  };
  const [row] = await tx
    .insert(transactions)
    .values({
      userId: args.userId,
      subscriptionId: args.subscriptionRowId,
      planId: args.planId,
      description: args.description,
      amountCents: invoice.amountCents,
      status: txStatusOf(invoice),
      providerInvoiceId: invoice.id,
      providerPaymentId: invoice.paymentId,
      invoiceUrl: invoice.pdfUrl,
      details,
      failureMessage: invoice.failureMessage ?? null,
      date: invoice.date,
    })
    .onConflictDoUpdate({
      target: transactions.providerInvoiceId,
      set: {
        // A refund is final; a late "paid" report of the same invoice does not undo it.
        status: sql`case when ${transactions.status} = 'refunded' then 'refunded'::transaction_status else excluded.status end`,
        amountCents: sql`excluded.amount_cents`,
        providerPaymentId: sql`coalesce(excluded.provider_payment_id, ${transactions.providerPaymentId})`,
        invoiceUrl: sql`coalesce(excluded.invoice_url, ${transactions.invoiceUrl})`,
        subscriptionId: sql`coalesce(excluded.subscription_id, ${transactions.subscriptionId})`,
        failureMessage: sql`excluded.failure_message`,
      },
    })
    .returning();
  return row!;
}
