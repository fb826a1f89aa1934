export interface BillingAddress {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** One line of an invoice; negative amounts are credits and discounts. */
export interface InvoiceLine {
  description: string;
  amountCents: number;
}

/** What an invoice shows beyond its total: the lines, the period and the card charged. */
export interface InvoiceDetails {
  lines: InvoiceLine[];
  periodStart?: string;
  periodEnd?: string;
  discountCode?: string | null;
  card?: { brand: string; last4: string } | null;
  refundReason?: string | null;
}
