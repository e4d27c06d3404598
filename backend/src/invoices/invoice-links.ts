import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * An invoice's View and PDF links open in a new browser tab, which carries no bearer token. So the links are
 * signed (HMAC of kind, id and expiry with the server secret) and short-lived, like a provider's hosted URL.
 */
export type InvoiceLinkKind = 'pdf' | 'view';
const LINK_TTL_MS = 24 * 60 * 60 * 1000;

function signInvoiceLink(secret: string, kind: InvoiceLinkKind, invoiceId: string, expires: number): string {
  return createHmac('sha256', secret).update(`invoice:${kind}:${invoiceId}:${expires}`).digest('base64url');
}

export function invoiceLink(secret: string, kind: InvoiceLinkKind, invoiceId: string, now: Date): string {
  const expires = now.getTime() + LINK_TTL_MS;
  const signature = signInvoiceLink(secret, kind, invoiceId, expires);
  return `/api/invoices/${invoiceId}/${kind}?expires=${expires}&signature=${signature}`;
}

export function verifyInvoiceLink(
  secret: string,
  kind: InvoiceLinkKind,
  invoiceId: string,
  expires: string | undefined,
  signature: string | undefined,
  now: Date,
): boolean {
  const expiresAt = Number(expires);
  if (!Number.isSafeInteger(expiresAt) || expiresAt < now.getTime() || typeof signature !== 'string') return false;
  const expected = Buffer.from(signInvoiceLink(secret, kind, invoiceId, expiresAt));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
