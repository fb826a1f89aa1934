import type { BillingAddress, InvoiceLine } from '@/lib/schemas/billing';
import { formatUsd } from '@/lib/plans';

/** Everything one invoice page shows. */
export interface InvoicePdfData {
  number: string;
  date: Date;
  status: 'succeeded' | 'failed' | 'pending' | 'refunded';
  customer: { name: string; email: string; address: BillingAddress | null };
  lines: InvoiceLine[];
  totalCents: number;
  periodStart?: Date | null;
  periodEnd?: Date | null;
  card?: { brand: string; last4: string } | null;
  refundedAt?: Date | null;
}

const PAGE = { width: 612, height: 792, margin: 56 };

/** Helvetica and Helvetica-Bold advance widths (per 1000 em) of printable ASCII, from the standard AFM files. */
const ASCII = ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~';
// prettier-ignore
const REGULAR = [278,278,355,556,556,889,667,191,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,278,278,584,584,584,556,1015,667,667,722,722,667,611,778,722,278,500,667,556,833,722,778,667,778,722,667,611,722,667,944,667,667,611,278,278,278,469,556,333,556,556,500,556,556,278,556,556,222,222,500,222,833,556,556,556,556,333,500,278,556,500,722,500,500,500,334,260,334,584];
// prettier-ignore
const BOLD = [278,333,474,556,556,889,722,238,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,333,333,584,584,584,611,975,722,722,722,722,667,611,778,722,278,556,722,611,833,722,778,667,778,722,667,611,722,667,944,667,667,611,333,278,333,584,556,333,556,611,556,611,556,333,611,611,278,278,556,278,889,611,611,611,611,389,556,333,611,556,778,556,556,500,389,280,389,584];
const textWidth = (text: string, size: number, bold = false) => {
  const table = bold ? BOLD : REGULAR;
  return ([...text].reduce((sum, ch) => sum + (table[ASCII.indexOf(ch)] ?? 556), 0) * size) / 1000;
};

/** PDF strings are WinAnsi here: typographic characters fall back to ASCII, the rest of Latin-1 passes. */
function pdfText(value: string): string {
  const ascii = value
    .replace(/[\u2012-\u2015]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\u2022/g, '*')
    .replace(/\u2026/g, '...')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  return ascii.replace(/[\\()]/g, (c) => `\\${c}`);
}

const fmtDate = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const fmtShort = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const money = (cents: number) => (cents < 0 ? `-${formatUsd(-cents)}` : formatUsd(cents));

class Page {
  private ops: string[] = [];
  text(x: number, y: number, value: string, size = 10, bold = false, gray = 0): void {
    this.ops.push(`BT ${gray} g /${bold ? 'F2' : 'F1'} ${size} Tf ${x.toFixed(2)} ${y.toFixed(2)} Td (${pdfText(value)}) Tj ET`);
  }
  right(xRight: number, y: number, value: string, size = 10, bold = false, gray = 0): void {
    this.text(xRight - textWidth(value, size, bold), y, value, size, bold, gray);
  }
  rule(y: number, gray = 0.8, weight = 0.8): void {
    this.ops.push(`${gray} g ${PAGE.margin} ${y.toFixed(2)} ${PAGE.width - 2 * PAGE.margin} ${weight} re f`);
  }
  box(x: number, y: number, w: number, h: number, gray: number): void {
    this.ops.push(`${gray} g ${x} ${y} ${w} ${h} re f`);
  }
  toString(): string {
    return this.ops.join('\n');
  }
}

/**
 * A one-page invoice as a real PDF 1.4 file, written by hand: the two standard Helvetica fonts
 * (no embedding), one content stream, and a cross-reference table with exact byte offsets.
 */
export function renderInvoicePdf(data: InvoicePdfData): Buffer {
  const p = new Page();
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  let y = PAGE.height - PAGE.margin - 10;

  p.text(left, y, 'Cadence', 22, true);
  p.right(right, y, 'INVOICE', 22, true, 0.35);
  y -= 18;
  p.text(left, y, 'Coaching platform', 9, false, 0.45);
  const badge = data.status === 'succeeded' ? 'PAID' : data.status.toUpperCase();
  const badgeWidth = textWidth(badge, 10, true) + 16;
  p.box(right - badgeWidth, y - 5, badgeWidth, 17, data.status === 'succeeded' ? 0.88 : 0.92);
  p.right(right - 8, y, badge, 10, true, 0.15);

  y -= 36;
  const meta: [string, string][] = [
    ['Invoice number', data.number],
    ['Date', fmtDate(data.date)],
  ];
  if (data.periodStart && data.periodEnd) meta.push(['Service period', `${fmtShort(data.periodStart)} - ${fmtShort(data.periodEnd)}`]);
  if (data.refundedAt) meta.push(['Refunded', fmtDate(data.refundedAt)]);
  const billedTo = [data.customer.name, data.customer.email];
  const a = data.customer.address;
  if (a) {
    billedTo.push(a.line1);
    if (a.line2) billedTo.push(a.line2);
    billedTo.push([a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '));
    billedTo.push(a.country);
  }
  p.text(left, y, 'Billed to', 9, true, 0.45);
  p.text(300, y, 'Details', 9, true, 0.45);
  let yl = y - 15;
  for (const line of billedTo.filter(Boolean)) {
    p.text(left, yl, line, 10);
    yl -= 14;
  }
  let yr = y - 15;
  for (const [label, value] of meta) {
    p.text(300, yr, label, 9, false, 0.45);
    p.right(right, yr, value, 10);
    yr -= 14;
  }
  y = Math.min(yl, yr) - 22;

  p.text(left, y, 'Description', 9, true, 0.45);
  p.right(right, y, 'Amount', 9, true, 0.45);
  y -= 8;
  p.rule(y, 0.3, 1);
  y -= 18;
  for (const line of data.lines) {
    p.text(left, y, line.description, 10);
    p.right(right, y, money(line.amountCents), 10);
    y -= 20;
  }
  p.rule(y + 8);
  y -= 12;
  p.text(300, y, 'Total', 11, true);
  p.right(right, y, money(data.totalCents), 11, true);
  y -= 18;
  const paidLabel = data.status === 'refunded' ? 'Refunded' : data.status === 'succeeded' ? 'Amount paid' : 'Amount due';
  p.text(300, y, paidLabel, 10, false, 0.3);
  p.right(right, y, money(data.totalCents), 10, false, 0.3);
  if (data.card) {
    y -= 30;
    p.text(left, y, `Paid with ${data.card.brand} ending in ${data.card.last4}`, 10, false, 0.3);
  }

  p.rule(PAGE.margin + 34, 0.85);
  p.text(left, PAGE.margin + 18, 'Thank you for coaching with Cadence. All amounts are in US dollars (USD).', 9, false, 0.45);

  return assemble(p.toString(), `Cadence invoice ${data.number}`);
}

function pdfDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `D:${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

function assemble(content: string, title: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title (${pdfText(title)}) /Producer (Cadence) /CreationDate (${pdfDate(new Date())}) >>`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
