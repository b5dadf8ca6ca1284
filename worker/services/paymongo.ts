// PayMongo, the Philippine payment gateway (cards, GCash, Maya), behind a small interface: a Checkout Session
// for a premium plan, and the verification of its webhook's signature. The API base is configurable
// (PAYMONGO_API_BASE) so tests and benchmarks talk to a local stand-in for PayMongo's HTTP API.
//
// Signature (PayMongo "Securing a webhook"): the `Paymongo-Signature` header is `t=<unix seconds>,te=<hex>,li=<hex>`;
// the signature is HMAC-SHA256 with the webhook's secret over `<t>.<raw body>`, compared with `li` for live
// events and `te` for test events.
import { hmac } from '@oslojs/crypto/hmac';
import { SHA256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeHex, encodeHexLowerCase } from '@oslojs/encoding';
import type { Config } from '../env.ts';

const PAYMENT_METHODS = ['card', 'gcash', 'paymaya'];
const TIMEOUT_MS = 15_000;

export function paymentsEnabled(config: Config): boolean {
  return Boolean(config.PAYMONGO_SECRET_KEY && config.PAYMONGO_WEBHOOK_SECRET);
}

export interface CheckoutRequest {
  planName: string;
  description: string;
  amount: number;
  currency: string;
  reference: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
}

export class PaymentProviderError extends Error {}

/** Creates a Checkout Session; answers its id and the page to send the member to. */
export async function createCheckoutSession(config: Config, request: CheckoutRequest): Promise<{ id: string; checkoutUrl: string }> {
  let response: Response;
  try {
    response = await fetch(`${config.PAYMONGO_API_BASE.replace(/\/$/, '')}/v1/checkout_sessions`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa(`${config.PAYMONGO_SECRET_KEY}:`)}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify({
        data: {
          attributes: {
            line_items: [{ name: request.planName, amount: request.amount, currency: request.currency, quantity: 1 }],
            payment_method_types: PAYMENT_METHODS,
            description: request.description,
            reference_number: request.reference,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            send_email_receipt: true,
            show_description: true,
            show_line_items: true,
            metadata: request.metadata,
          },
        },
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new PaymentProviderError(`PayMongo could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  const body = (await response.json().catch(() => null)) as {
    data?: { id?: string; attributes?: { checkout_url?: string } };
    errors?: { detail?: string }[];
  } | null;
  const id = body?.data?.id;
  const checkoutUrl = body?.data?.attributes?.checkout_url;
  if (!response.ok || !id || !checkoutUrl)
    throw new PaymentProviderError(`PayMongo answered HTTP ${response.status}: ${body?.errors?.[0]?.detail ?? 'no checkout session'}`);
  return { id, checkoutUrl };
}

function signatureParts(header: string): { timestamp: string; test?: string; live?: string } | null {
  const parts = new Map(header.split(',').map((part) => part.trim().split('=') as [string, string]));
  const timestamp = parts.get('t');
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return null;
  return { timestamp, test: parts.get('te') || undefined, live: parts.get('li') || undefined };
}

export function signWebhookPayload(secret: string, timestamp: string, payload: string): string {
  const encoder = new TextEncoder();
  return encodeHexLowerCase(hmac(SHA256, encoder.encode(secret), encoder.encode(`${timestamp}.${payload}`)));
}

/** True when the header signs exactly this payload with the webhook's secret, for the event's mode. */
export function verifyWebhookSignature(secret: string, header: string, payload: string, livemode: boolean): boolean {
  const parts = signatureParts(header);
  const given = parts && (livemode ? parts.live : parts.test);
  if (!parts || !given || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = signWebhookPayload(secret, parts.timestamp, payload);
  return constantTimeEqual(decodeHex(expected), decodeHex(given.toLowerCase()));
}

/** The parts of a PayMongo event this platform uses. */
export interface PaymongoEvent {
  id: string;
  type: string;
  livemode: boolean;
  /** For checkout_session.payment.paid: the session, what was paid, and in which currency. */
  checkout?: { id: string; amount: number; currency: string };
}

export function parseWebhookEvent(payload: string): PaymongoEvent | null {
  let value: any;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const event = value?.data;
  const attributes = event?.attributes;
  if (typeof event?.id !== 'string' || typeof attributes?.type !== 'string') return null;
  const parsed: PaymongoEvent = { id: event.id, type: attributes.type, livemode: attributes.livemode === true };
  const resource = attributes.data;
  if (attributes.type === 'checkout_session.payment.paid' && typeof resource?.id === 'string') {
    const payments: any[] = Array.isArray(resource.attributes?.payments) ? resource.attributes.payments : [];
    const paid = payments.filter((payment) => payment?.attributes?.status === 'paid');
    const amount = paid.reduce((sum, payment) => sum + Number(payment.attributes.amount ?? 0), 0);
    const currency = String(paid[0]?.attributes?.currency ?? resource.attributes?.line_items?.[0]?.currency ?? '').toUpperCase();
    parsed.checkout = { id: resource.id, amount, currency };
  }
  return parsed;
}
