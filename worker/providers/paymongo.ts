// PayMongo, the Philippine payment gateway (cards, GCash, Maya), behind a small interface: a Checkout Session
// for a premium plan, and the verification of its webhook's signature. The API base is configurable
// (PAYMONGO_API_BASE) so tests and benchmarks talk to a local stand-in for PayMongo's HTTP API.
//
// Signature (PayMongo "Securing a webhook"): the `Paymongo-Signature` header is `t=<unix seconds>,te=<hex>,li=<hex>`;
// the signature is HMAC-SHA256 with the webhook's secret over `<t>.<raw body>`, compared with `li` for live
// events and `te` for test events, and `t` must be within 5 minutes of now. The event is parsed with zod; a paid
// checkout's payments must all be in one currency, the checkout's own (ADR 018).
import { hmac } from '@oslojs/crypto/hmac';
import { SHA256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeHex, encodeHexLowerCase } from '@oslojs/encoding';
import * as z from '../../common/zod.ts';
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
export async function createCheckoutSession(
  config: Config,
  request: CheckoutRequest,
): Promise<{ id: string; checkoutUrl: string }> {
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
    throw new PaymentProviderError(
      `PayMongo could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const body = (await response.json().catch(() => null)) as {
    data?: { id?: string; attributes?: { checkout_url?: string } };
    errors?: { detail?: string }[];
  } | null;
  const id = body?.data?.id;
  const checkoutUrl = body?.data?.attributes?.checkout_url;
  if (!response.ok || !id || !checkoutUrl)
    throw new PaymentProviderError(
      `PayMongo answered HTTP ${response.status}: ${body?.errors?.[0]?.detail ?? 'no checkout session'}`,
    );
  return { id, checkoutUrl };
}

/** A signature older (or further in the future) than this is refused: a captured delivery cannot be replayed later. */
export const WEBHOOK_SIGNATURE_TOLERANCE_MS = 5 * 60_000;

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

/**
 * True when the header signs exactly this payload with the webhook's secret, for the event's mode, at a time
 * within WEBHOOK_SIGNATURE_TOLERANCE_MS of now.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string,
  payload: string,
  livemode: boolean,
  now = Date.now(),
): boolean {
  const parts = signatureParts(header);
  const given = parts && (livemode ? parts.live : parts.test);
  if (!parts || !given || !/^[0-9a-f]{64}$/i.test(given)) return false;
  if (Math.abs(now - Number(parts.timestamp) * 1000) > WEBHOOK_SIGNATURE_TOLERANCE_MS) return false;
  const expected = signWebhookPayload(secret, parts.timestamp, payload);
  return constantTimeEqual(decodeHex(expected), decodeHex(given.toLowerCase()));
}

/** The parts of a PayMongo event this platform uses. */
export interface PaymongoEvent {
  id: string;
  type: string;
  livemode: boolean;
  /**
   * For checkout_session.payment.paid: the session and what was paid. `currency` is null when the paid payments
   * are not all in one currency: such a payment never matches a checkout (amounts are not summed across them).
   */
  checkout?: { id: string; amount: number; currency: string | null };
}

const paymentSchema = z.object({
  attributes: z.object({
    status: z.string(),
    amount: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    currency: z.string().max(8),
  }),
});

/** PayMongo's event envelope; anything else in it is ignored. */
const eventSchema = z.object({
  data: z.object({
    id: z.string().min(1).max(200),
    attributes: z.object({
      type: z.string().min(1).max(200),
      livemode: z.boolean().catch(false),
      data: z.unknown(),
    }),
  }),
});

const paidCheckoutSchema = z.object({
  id: z.string().min(1).max(200),
  attributes: z.object({ payments: z.array(z.unknown()).max(100).default([]) }),
});

export function parseWebhookEvent(payload: string): PaymongoEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const envelope = eventSchema.safeParse(value);
  if (!envelope.success) return null;
  const { id, attributes } = envelope.data.data;
  const parsed: PaymongoEvent = { id, type: attributes.type, livemode: attributes.livemode };
  if (attributes.type !== 'checkout_session.payment.paid') return parsed;
  const session = paidCheckoutSchema.safeParse(attributes.data);
  if (!session.success) return parsed;
  const paid = session.data.attributes.payments
    .map((payment) => paymentSchema.safeParse(payment))
    .flatMap((result) => (result.success && result.data.attributes.status === 'paid' ? [result.data.attributes] : []));
  const currencies = new Set(paid.map((payment) => payment.currency.toUpperCase()));
  parsed.checkout = {
    id: session.data.id,
    amount: paid.reduce((sum, payment) => sum + payment.amount, 0),
    currency: currencies.size === 1 ? [...currencies][0]! : null,
  };
  return parsed;
}
