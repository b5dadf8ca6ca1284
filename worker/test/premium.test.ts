// Premium through its public surface: the trial (once, 7 days, effective at once in the chat hub without
// reconnecting, gone by itself when its time is up), the page's data, and checkout with PayMongo against the
// local stand-in for its API, then the webhook with correctly and wrongly signed events and replays.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_REQUESTS_PREMIUM } from '../../common/limits.ts';
import { PREMIUM_PLANS, PREMIUM_TEXTS, PREMIUM_TRIAL_DAYS } from '../../common/premium.ts';
import { DAY_MS } from '../../common/time.ts';
import { CACHE_SCOPES, cachedJson } from '../services/edge-cache.ts';
import { signWebhookPayload } from '../providers/paymongo.ts';
import { ChatClient, requestIdFor } from './chat-client.ts';
import {
  call,
  configuredWorker,
  database,
  json,
  messageOf,
  pipelinesServed,
  standIns,
  type CurrentUser,
  type ErrorBody,
  type Output,
} from './helpers.ts';
import { createMember, type TestMember } from './members.ts';

type Overview = Output<'premium.overview'>;
type Webhook = Output<'premium.paymongoWebhook'>;

const open: ChatClient[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const client of open.splice(0)) client.close();
  await new Promise((resolve) => setTimeout(resolve, 50));
});

async function connect(member: TestMember) {
  const client = await ChatClient.connect(member);
  open.push(client);
  return client;
}

async function me(member: TestMember) {
  return json<CurrentUser>(await call('/api/user', { cookie: member.cookie }));
}

function startTrial(member: TestMember) {
  return call('/api/premium/trial', { method: 'POST', cookie: member.cookie });
}

async function premiumUntil(member: TestMember): Promise<number | null> {
  const [row] = (await database().execute({ sql: 'select premium_until from users where id = ?', args: [member.id] }))
    .rows;
  return row!.premium_until === null ? null : Number(row!.premium_until);
}

/** Sends a chat request and answers the hub's reply: `sent`, or the error code. */
async function requestChat(from: ChatClient, to: TestMember): Promise<string> {
  const requestId = requestIdFor(from.member, to);
  from.send({ type: 'chat-request', recipientId: to.id, requestId });
  await from.barrier();
  const sent = from.drain('chat-request-sent').filter((frame) => frame.requestId === requestId);
  const errors = from.drain('error');
  if (sent.length === 1 && errors.length === 0) return 'sent';
  return errors.map((frame) => frame.code).join(',') || 'no answer';
}

describe('the free trial', () => {
  it('makes a member premium for 7 days, once', async () => {
    const member = await createMember();
    expect((await me(member)).isPremium).toBe(false);
    const before = Date.now();
    const started = await startTrial(member);
    expect(started.status).toBe(200);
    const body = await json<Output<'premium.startTrial'>>(started);
    expect(body).toMatchObject({ isPremium: true, message: PREMIUM_TEXTS.trialStarted });
    expect(body.premiumUntil).toBeGreaterThanOrEqual(before + PREMIUM_TRIAL_DAYS * DAY_MS);
    expect(body.premiumUntil).toBeLessThanOrEqual(Date.now() + PREMIUM_TRIAL_DAYS * DAY_MS);
    expect((await me(member)).isPremium).toBe(true);

    const again = await startTrial(member);
    expect(again.status).toBe(409);
    expect(await json<ErrorBody>(again)).toEqual({ message: PREMIUM_TEXTS.trialUsed, code: 'CONFLICT' });
    expect(await premiumUntil(member)).toBe(body.premiumUntil);
  });

  it("refreshes the map's spa listing when a spa starts premium (gold ring and order), not when a client does", async () => {
    const cached = () => cachedJson(CACHE_SCOPES.spaListing.scope, 'all', 60, async () => 'fresh');
    await cachedJson(CACHE_SCOPES.spaListing.scope, 'all', 60, async () => 'stale');
    expect((await startTrial(await createMember())).status).toBe(200);
    expect(await cached()).toBe('stale');
    expect((await startTrial(await createMember({ role: 'spa_management' }))).status).toBe(200);
    expect(await cached()).toBe('fresh');
  });

  it('is refused to a member who is premium already, and to nobody signed in', async () => {
    const paid = await createMember();
    await database().execute({
      sql: 'update users set premium_until = ? where id = ?',
      args: [Date.now() + 30 * DAY_MS, paid.id],
    });
    const refused = await startTrial(paid);
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe(PREMIUM_TEXTS.alreadyPremium);
    expect((await call('/api/premium/trial', { method: 'POST' })).status).toBe(401);
  });

  it('ends by itself when its time is up, everywhere the member is read', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const member = await createMember();
    const { premiumUntil: until } = await json<Output<'premium.startTrial'>>(await startTrial(member));
    vi.setSystemTime(until - 1000);
    expect((await me(member)).isPremium).toBe(true);
    expect((await json<Overview>(await call('/api/premium', { cookie: member.cookie }))).member).toMatchObject({
      isPremium: true,
      trialAvailable: false,
    });
    vi.setSystemTime(until + 1000);
    expect((await me(member)).isPremium).toBe(false);
    expect((await json<Overview>(await call('/api/premium', { cookie: member.cookie }))).member).toMatchObject({
      isPremium: false,
      trialAvailable: false,
    });
    expect(await messageOf(await startTrial(member))).toBe(PREMIUM_TEXTS.trialUsed);
  });

  it('gives an open chat socket 3 outstanding requests at once, without reconnecting', async () => {
    const member = await createMember();
    const others = await Promise.all(Array.from({ length: 4 }, () => createMember()));
    await Promise.all(others.map(connect));
    const socket = await connect(member);

    expect(await requestChat(socket, others[0]!)).toBe('sent');
    expect(await requestChat(socket, others[1]!)).toBe('request_limit');

    expect((await startTrial(member)).status).toBe(200);
    expect(await requestChat(socket, others[1]!)).toBe('sent');
    expect(await requestChat(socket, others[2]!)).toBe('sent');
    expect(await requestChat(socket, others[3]!)).toBe('premium_request_limit');
    expect(socket.received.filter((frame) => frame.type === 'chat-request-sent')).toHaveLength(CHAT_REQUESTS_PREMIUM);
  });

  it('lets the hub fall back to 1 request when premium runs out, even on a socket opened while premium', async () => {
    const member = await createMember();
    const others = await Promise.all(Array.from({ length: 2 }, () => createMember()));
    await Promise.all(others.map(connect));
    const ends = Date.now() + 4000;
    await database().execute({ sql: 'update users set premium_until = ? where id = ?', args: [ends, member.id] });
    const socket = await connect(member);
    // Premium: two requests at once. Then both are withdrawn.
    expect(await requestChat(socket, others[0]!)).toBe('sent');
    expect(await requestChat(socket, others[1]!)).toBe('sent');
    for (const frame of socket.received.filter((received) => received.type === 'chat-request-sent'))
      socket.send({ type: 'cancel-chat-request', requestId: frame.requestId });
    await socket.barrier();
    // Past premium_until, on the same socket: one at a time again.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, ends - Date.now()) + 100));
    expect(await requestChat(socket, others[0]!)).toBe('sent');
    expect(await requestChat(socket, others[1]!)).toBe('request_limit');
  });
});

describe('the premium page’s data', () => {
  it('has the spec’s plans, prices, savings and popular flag, and says payments are not set up', async () => {
    const member = await createMember();
    const before = await pipelinesServed();
    const response = await call('/api/premium', { cookie: member.cookie });
    expect((await pipelinesServed()) - before).toBe(1);
    const overview = await json<Overview>(response);
    expect(overview).toMatchObject({ product: 'SpaConnect PH', currency: 'USD', trialDays: 7, paymentsEnabled: false });
    expect(overview.member).toEqual({ isPremium: false, premiumUntil: null, trialAvailable: true });
    const plans = Object.fromEntries(overview.plans.map((plan) => [plan.name, plan]));
    expect(plans['Premium Monthly']).toMatchObject({
      priceLabel: '$19.99',
      period: 'month',
      popular: false,
      savings: null,
    });
    expect(plans['Premium Yearly']).toMatchObject({
      priceLabel: '$199.99',
      period: 'year',
      popular: true,
      savings: { label: '$39.89', monthsFree: 2 },
    });
    expect(plans['Premium Pro']).toMatchObject({ priceLabel: '$39.99', period: 'month', popular: false });
    expect(overview.features.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses checkout without a payment provider, with the text the buttons show', async () => {
    const member = await createMember();
    const response = await call('/api/premium/checkout', { body: { plan: 'monthly' }, cookie: member.cookie });
    expect(response.status).toBe(501);
    expect(await messageOf(response)).toBe(`${PREMIUM_TEXTS.paymentsNotSetUp} ${PREMIUM_TEXTS.tryTheTrial}`);
    // Once the trial is used, it is no longer offered.
    expect((await startTrial(member)).status).toBe(200);
    const again = await call('/api/premium/checkout', { body: { plan: 'monthly' }, cookie: member.cookie });
    expect(await messageOf(again)).toBe(PREMIUM_TEXTS.paymentsNotSetUp);
  });
});

describe('checkout with PayMongo', () => {
  const SECRET = 'whsk_test_stand_in_secret';
  const paymongo = {
    PAYMONGO_SECRET_KEY: 'sk_test_stand_in',
    PAYMONGO_WEBHOOK_SECRET: SECRET,
    PAYMONGO_API_BASE: standIns.url,
    PREMIUM_CURRENCY: 'php',
    PREMIUM_PRICES: 'monthly=99900, yearly=999900, pro=199900',
  };
  beforeEach(() => standIns.reset());

  function paidEvent(
    checkoutId: string,
    amount: number,
    options: {
      eventId?: string;
      livemode?: boolean;
      currency?: string;
      payments?: { amount: number; currency: string }[];
    } = {},
  ) {
    const payments = options.payments ?? [{ amount, currency: options.currency ?? 'PHP' }];
    return JSON.stringify({
      data: {
        id: options.eventId ?? `evt_${crypto.randomUUID().replaceAll('-', '')}`,
        type: 'event',
        attributes: {
          type: 'checkout_session.payment.paid',
          livemode: options.livemode ?? false,
          data: {
            id: checkoutId,
            type: 'checkout_session',
            attributes: {
              payments: payments.map((payment, index) => ({
                id: `pay_${index + 1}`,
                type: 'payment',
                attributes: { ...payment, status: 'paid' },
              })),
            },
          },
        },
      },
    });
  }

  function signature(payload: string, options: { secret?: string; mode?: 'te' | 'li'; at?: number } = {}) {
    const t = String(Math.floor((options.at ?? Date.now()) / 1000));
    const signed = signWebhookPayload(options.secret ?? SECRET, t, payload);
    return options.mode === 'li' ? `t=${t},te=,li=${signed}` : `t=${t},te=${signed},li=`;
  }

  /** The body of PayMongo's Create a Checkout Session, as the Worker sends it. */
  interface CheckoutSessionRequest {
    data: {
      attributes: {
        line_items: unknown[];
        payment_method_types: string[];
        success_url: string;
        metadata: Record<string, string>;
      };
    };
  }

  async function checkout(worker: ReturnType<typeof configuredWorker>, member: TestMember, plan: string) {
    const response = await worker.call('/api/premium/checkout', { body: { plan }, cookie: member.cookie });
    expect(response.status).toBe(200);
    const { checkoutUrl } = await json<Output<'premium.checkout'>>(response);
    const [created] = (await standIns.requests<CheckoutSessionRequest>())
      .filter((request) => request.path === '/v1/checkout_sessions')
      .slice(-1);
    return { checkoutUrl, checkoutId: String(checkoutUrl).split('/').pop()!, request: created! };
  }

  /** PayMongo calls the webhook from its servers: no Origin, no cookie. */
  function deliver(worker: ReturnType<typeof configuredWorker>, payload: string, signatureHeader: string) {
    return worker.call('/api/premium/webhook', {
      rawBody: payload,
      origin: null,
      headers: { 'Content-Type': 'application/json', 'Paymongo-Signature': signatureHeader },
    });
  }

  it('opens a Checkout Session for the plan at the configured price, and the page shows that price', async () => {
    const worker = configuredWorker(paymongo);
    const member = await createMember();
    const overview = await json<Overview>(await worker.call('/api/premium', { cookie: member.cookie }));
    expect(overview.paymentsEnabled).toBe(true);
    expect(overview.currency).toBe('PHP');
    expect(overview.plans.find((plan) => plan.id === 'yearly')).toMatchObject({
      price: 999900,
      priceLabel: '₱9,999.00',
    });

    const { checkoutUrl, checkoutId, request } = await checkout(worker, member, 'yearly');
    expect(checkoutUrl).toBe(`${standIns.url}/checkout/${checkoutId}`);
    expect(request.headers.authorization).toBe(`Basic ${btoa('sk_test_stand_in:')}`);
    const attributes = request.body.data.attributes;
    expect(attributes.line_items).toEqual([{ name: 'Premium Yearly', amount: 999900, currency: 'PHP', quantity: 1 }]);
    expect(attributes.payment_method_types).toEqual(['card', 'gcash', 'paymaya']);
    expect(attributes.success_url).toBe('https://spa.test/premium?checkout=success');
    expect(attributes.metadata).toEqual({ userId: String(member.id), plan: 'yearly' });

    const [row] = (
      await database().execute({ sql: 'select * from premium_checkouts where id = ?', args: [checkoutId] })
    ).rows;
    expect(row).toMatchObject({
      user_id: member.id,
      plan: 'yearly',
      amount: 999900,
      currency: 'PHP',
      period_days: 365,
      status: 'pending',
    });
  });

  it('refuses an unknown plan and says so when PayMongo fails', async () => {
    const worker = configuredWorker(paymongo);
    const member = await createMember();
    const unknown = await worker.call('/api/premium/checkout', { body: { plan: 'lifetime' }, cookie: member.cookie });
    expect(unknown.status).toBe(400);
    expect(await messageOf(unknown)).toBe(PREMIUM_TEXTS.planRequired);
    await standIns.control({ paymongoFailures: 1 });
    const failed = await worker.call('/api/premium/checkout', { body: { plan: 'monthly' }, cookie: member.cookie });
    expect(failed.status).toBe(502);
    expect(await messageOf(failed)).toBe(PREMIUM_TEXTS.checkoutFailed);
  });

  it('extends premium by the plan’s period once for a correctly signed payment; replays change nothing', async () => {
    const worker = configuredWorker(paymongo);
    const member = await createMember();
    const socket = await connect(member);
    const others = await Promise.all(Array.from({ length: 2 }, () => createMember()));
    await Promise.all(others.map(connect));
    const { checkoutId } = await checkout(worker, member, 'monthly');
    const payload = paidEvent(checkoutId, 99900);

    const before = Date.now();
    const first = await deliver(worker, payload, signature(payload));
    expect(first.status).toBe(200);
    expect(await json<Webhook>(first)).toEqual({ received: true, applied: true });
    const until = (await premiumUntil(member))!;
    expect(until).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    expect((await me(member)).isPremium).toBe(true);
    // The open socket has premium's request limit at once.
    expect(await requestChat(socket, others[0]!)).toBe('sent');
    expect(await requestChat(socket, others[1]!)).toBe('sent');

    // The same event again, and another event for the same checkout: nothing changes.
    expect(await json<Webhook>(await deliver(worker, payload, signature(payload)))).toEqual({
      received: true,
      applied: false,
    });
    const other = paidEvent(checkoutId, 99900);
    expect(await json<Webhook>(await deliver(worker, other, signature(other)))).toEqual({
      received: true,
      applied: false,
    });
    expect(await premiumUntil(member)).toBe(until);
    const events = (
      await database().execute({
        sql: 'select outcome from payment_events where checkout_id = ? order by received_at',
        args: [checkoutId],
      })
    ).rows;
    expect(events.map((row) => row.outcome)).toEqual(['applied', 'ignored']);

    // A second purchase extends from the end of the first, not from now.
    const second = await checkout(worker, member, 'monthly');
    const secondPayload = paidEvent(second.checkoutId, 99900);
    await deliver(worker, secondPayload, signature(secondPayload));
    expect(await premiumUntil(member)).toBe(until + 30 * DAY_MS);
    const proUntil = async () =>
      (await database().execute({ sql: 'select pro_until from users where id = ?', args: [member.id] })).rows[0]!
        .pro_until;
    expect(await proUntil()).toBeNull();

    // Premium Pro: a Pro month is 30 days of Pro from now (not the whole paid time), and premium grows by 30 too.
    const pro = await checkout(worker, member, 'pro');
    const proPayload = paidEvent(pro.checkoutId, 199900);
    const beforePro = Date.now();
    expect(await json<Webhook>(await deliver(worker, proPayload, signature(proPayload)))).toEqual({
      received: true,
      applied: true,
    });
    const proEnds = Number(await proUntil());
    expect(proEnds).toBeGreaterThanOrEqual(beforePro + 30 * DAY_MS);
    expect(proEnds).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    expect(await premiumUntil(member)).toBe(until + 60 * DAY_MS);
    // A later monthly payment extends premium and leaves Pro as it was.
    const third = await checkout(worker, member, 'monthly');
    const thirdPayload = paidEvent(third.checkoutId, 99900);
    await deliver(worker, thirdPayload, signature(thirdPayload));
    expect(Number(await proUntil())).toBe(proEnds);
    expect(await premiumUntil(member)).toBe(until + 90 * DAY_MS);
  });

  it('refuses wrongly signed events and changes nothing', async () => {
    const worker = configuredWorker(paymongo);
    const member = await createMember();
    const { checkoutId } = await checkout(worker, member, 'monthly');
    const payload = paidEvent(checkoutId, 99900);
    const attempts = [
      signature(payload, { secret: 'not-the-secret' }),
      signature(paidEvent(checkoutId, 99900)), // signs another body
      signature(payload, { mode: 'li' }), // a test event signed only for live mode
      '',
      't=abc,te=zz',
    ];
    for (const header of attempts) {
      const response = await deliver(worker, payload, header);
      expect(response.status).toBe(401);
      expect(await json<ErrorBody>(response)).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    // A signature from long ago, or from the future, however correct: refused (captured deliveries cannot be replayed).
    for (const at of [1000, Date.now() - 6 * 60_000, Date.now() + 6 * 60_000]) {
      const response = await deliver(worker, payload, signature(payload, { at }));
      expect(response.status, String(at)).toBe(401);
    }
    const tampered = payload.replace('99900', '1');
    expect((await deliver(worker, tampered, signature(payload))).status).toBe(401);
    expect(await premiumUntil(member)).toBeNull();
    // A live event is checked against `li`.
    const live = paidEvent(checkoutId, 99900, { livemode: true });
    expect(await json<Webhook>(await deliver(worker, live, signature(live, { mode: 'li' })))).toEqual({
      received: true,
      applied: true,
    });
  });

  it('takes a signature made a few minutes ago (clocks and retries drift)', async () => {
    const worker = configuredWorker(paymongo);
    const member = await createMember();
    const { checkoutId } = await checkout(worker, member, 'monthly');
    const payload = paidEvent(checkoutId, 99900);
    expect(
      await json<Webhook>(await deliver(worker, payload, signature(payload, { at: Date.now() - 4 * 60_000 }))),
    ).toEqual({ received: true, applied: true });
  });

  it('applies nothing for a payment that does not match its checkout or an unknown checkout', async () => {
    const worker = configuredWorker(paymongo);
    const member = await createMember();
    const { checkoutId } = await checkout(worker, member, 'pro');
    const mixedCurrencies = paidEvent(checkoutId, 0, {
      payments: [
        { amount: 99900, currency: 'PHP' },
        { amount: 100000, currency: 'USD' },
      ],
    });
    for (const payload of [
      paidEvent(checkoutId, 100),
      paidEvent(checkoutId, 199900, { currency: 'USD' }),
      mixedCurrencies,
      paidEvent('cs_unknown', 199900),
    ]) {
      expect(await json<Webhook>(await deliver(worker, payload, signature(payload)))).toEqual({
        received: true,
        applied: false,
      });
    }
    expect(await premiumUntil(member)).toBeNull();
  });

  it('records other events and ignores them; without PayMongo configured the webhook is not found', async () => {
    const worker = configuredWorker(paymongo);
    const payload = JSON.stringify({
      data: { id: 'evt_other', type: 'event', attributes: { type: 'payment.failed', livemode: false, data: {} } },
    });
    expect(await json<Webhook>(await deliver(worker, payload, signature(payload)))).toEqual({
      received: true,
      applied: false,
    });
    const unconfigured = await call('/api/premium/webhook', {
      rawBody: payload,
      origin: null,
      headers: { 'Content-Type': 'application/json', 'Paymongo-Signature': signature(payload) },
    });
    expect(unconfigured.status).toBe(404);
  });

  it('names every plan of the spec', () => {
    expect(PREMIUM_PLANS.map((plan) => plan.name)).toEqual(['Premium Monthly', 'Premium Yearly', 'Premium Pro']);
  });
});

describe('provider configuration', () => {
  it('refuses prices that are not plan=minor-units, and provider keys without their partner setting', async () => {
    for (const overrides of [
      { PREMIUM_PRICES: 'monthly=19.99' },
      { PREMIUM_PRICES: 'lifetime=1000' },
      { PREMIUM_CURRENCY: 'pesos' },
      { PAYMONGO_SECRET_KEY: 'sk_test_only' },
      { PAYMONGO_SECRET_KEY: 'sk_test_pair', PAYMONGO_WEBHOOK_SECRET: 'whsk_pair' },
      { RESEND_API_KEY: 're_without_sender' },
    ]) {
      const response = await configuredWorker(overrides).call('/api/health');
      expect(response.status).toBe(500);
      expect(await response.text()).not.toMatch(/PAYMONGO|RESEND|PREMIUM/);
    }
    expect((await configuredWorker({ PREMIUM_PRICES: 'monthly=1500' }).call('/api/health')).status).toBe(200);
  });
});
