import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { config } from '../../config';
import { getDb } from '../../db/client';
import { paymentMethods, transactions } from '../../db/schema';
import { AppError } from '../../http/errors';
import { log } from '../../log';
import { paymentsProvider } from '../../providers/payments';
import { renderInvoicePdf } from '../invoice-pdf';
import { displayName, userRow } from './account';
import { hasInvoice, type TransactionRow } from './transactions';

/** Invoice PDFs: the provider's hosted ones fetched, the local provider's rendered into DATA_DIR/invoices. */

function invoicesDir(): string {
  return path.resolve(config().DATA_DIR, 'invoices');
}

const invoiceNumber = (t: TransactionRow) => `CAD-${t.date.toISOString().slice(0, 10).replaceAll('-', '')}-${t.id.slice(0, 8).toUpperCase()}`;

async function renderFor(t: TransactionRow): Promise<Buffer> {
  const u = await userRow(t.userId);
  const [pm] = await getDb().select().from(paymentMethods).where(eq(paymentMethods.userId, t.userId)).orderBy(desc(paymentMethods.isDefault)).limit(1);
  const details = t.details ?? { lines: [{ description: t.description, amountCents: t.amountCents }] };
  return renderInvoicePdf({
    number: invoiceNumber(t),
    date: t.date,
    status: t.status,
    customer: { name: displayName(u), email: u.email, address: pm?.billingAddress ?? null },
    lines: details.lines.length ? details.lines : [{ description: t.description, amountCents: t.amountCents }],
    totalCents: t.amountCents,
    periodStart: details.periodStart ? new Date(details.periodStart) : null,
    periodEnd: details.periodEnd ? new Date(details.periodEnd) : null,
    card: details.card ?? null,
    refundedAt: t.refundedAt,
  });
}

/** Renders a local invoice's PDF into DATA_DIR/invoices (written whole, then renamed into place). */
export async function writeLocalInvoice(t: TransactionRow): Promise<string> {
  const dir = invoicesDir();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${t.id}.pdf`);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, await renderFor(t));
  fs.renameSync(tmp, file);
  return file;
}

/** The PDF of one of the user's own paid transactions. */
export async function invoiceDownload(userId: string, transactionId: string): Promise<{ body: Uint8Array; name: string }> {
  const [t] = await getDb()
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, transactionId), eq(transactions.userId, userId)))
    .limit(1);
  if (!t) throw new AppError(404, 'NOT_FOUND', 'Invoice not found');
  if (t.status !== 'succeeded') throw new AppError(409, 'NO_INVOICE', 'Only paid transactions have an invoice to download');
  if (!hasInvoice(t)) throw new AppError(404, 'NOT_FOUND', 'Invoice not found');
  const name = `cadence-invoice-${invoiceNumber(t)}.pdf`;
  if (t.invoiceUrl) {
    const provider = paymentsProvider();
    if (!provider.fetchInvoicePdf) throw new AppError(404, 'NOT_FOUND', 'Invoice not found');
    try {
      return { body: await provider.fetchInvoicePdf(t.invoiceUrl), name };
    } catch (error) {
      log.error({ err: error, transactionId }, 'invoice PDF fetch failed');
      throw new AppError(502, 'PROVIDER_UNAVAILABLE', 'The invoice could not be fetched from the payments provider. Please try again.');
    }
  }
  const file = path.join(invoicesDir(), `${t.id}.pdf`);
  const at = fs.existsSync(file) ? file : await writeLocalInvoice(t);
  return { body: new Uint8Array(fs.readFileSync(at)), name };
}
