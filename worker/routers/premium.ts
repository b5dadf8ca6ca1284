// Premium (spec, "Premium: /premium"; docs/architecture.md, "Beyond the spec": the buttons do something). Premium is
// "paid until": the 7-day trial (once per member) and every paid plan move users.premium_until forward, and
// everything premium reads that time when it acts (isPremiumMember; the chat hub carries the time itself), so premium
// starts everywhere at once and ends by itself. Checkout goes through PayMongo when it is configured: a Checkout
// Session for the plan, then a webhook whose signature is verified and whose payment is applied once.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import * as z from '../../common/zod.ts';
import { PRODUCT_NAME } from '../../common/brand.ts';
import {
  checkoutInput,
  formatPrice,
  paymentsNotSetUpMessage,
  PREMIUM_FEATURES,
  PREMIUM_PLANS,
  PREMIUM_TEXTS,
  PREMIUM_TRIAL_DAYS,
  yearlySavings,
} from '../../common/premium.ts';
import {
  checkoutStartedSchema,
  premiumOverviewSchema,
  trialStartedSchema,
  webhookReceivedSchema,
} from '../../common/premium-output.ts';
import { paymentEvents, premiumCheckouts, users } from '../../db/schema.ts';
import type { Config } from '../env.ts';
import { updateChatPremium } from '../services/chat.ts';
import { purgeSpaListing } from '../services/edge-cache.ts';
import {
  createCheckoutSession,
  parseWebhookEvent,
  PaymentProviderError,
  paymentsEnabled,
  verifyWebhookSignature,
} from '../providers/paymongo.ts';
import { isPremiumMember, premiumEndsAt } from '../services/users.ts';
import { publicProcedure, router, signedInProcedure, type Context } from '../trpc.ts';
import { enforceRateLimit } from '../rate-limit.ts';
import { DAY_MS } from '../../common/time.ts';
import { badGateway, badRequest, conflict, notFound, notImplemented, unauthorized } from '../errors.ts';
import { log } from '../log.ts';

export const WEBHOOK_TEXTS = {
  notConfigured: 'Payments are not set up on this server.',
  badSignature: 'The webhook signature is not valid.',
  badEvent: 'The webhook body is not a PayMongo event.',
} as const;

/** The plans with the configured prices, as the page shows them and checkout charges them. */
export function pricedPlans(config: Config) {
  const prices = config.premiumPrices;
  const savings = yearlySavings(prices);
  return PREMIUM_PLANS.map((plan) => ({
    ...plan,
    price: prices.amounts[plan.id],
    priceLabel: formatPrice(prices.amounts[plan.id], prices.currency),
    savings:
      plan.id === 'yearly' && savings
        ? {
            amount: savings.amount,
            label: formatPrice(savings.amount, prices.currency),
            monthsFree: savings.monthsFree,
          }
        : null,
  }));
}

function trialAvailable(member: Parameters<typeof isPremiumMember>[0] & { trialStartedAt: number | null }): boolean {
  return member.trialStartedAt === null && !isPremiumMember(member);
}

/** A member's premium changed: their chat sockets get the new end time, and a spa's map listing (gold ring, order) is read fresh. */
async function premiumChanged(
  ctx: Context,
  member: { id: number; role: string; isPremium: boolean; premiumUntil: number | null },
) {
  if (member.role === 'spa_management') await purgeSpaListing();
  try {
    await updateChatPremium(ctx.env, member.id, premiumEndsAt(member));
  } catch (error) {
    // The database is the truth; the member's next chat connection carries the new time anyway.
    log.error('chat hub premium update failed', { error });
  }
}

export const premiumRouter = router({
  /** GET /api/premium: plans, prices, features, whether checkout is available, and the member's own state. */
  overview: publicProcedure.output(premiumOverviewSchema).query(async ({ ctx }) => {
    const validated = await ctx.session();
    const user = validated?.user;
    return {
      product: PRODUCT_NAME,
      currency: ctx.config.premiumPrices.currency,
      plans: pricedPlans(ctx.config),
      features: [...PREMIUM_FEATURES],
      trialDays: PREMIUM_TRIAL_DAYS,
      paymentsEnabled: paymentsEnabled(ctx.config),
      member: user
        ? {
            isPremium: isPremiumMember(user),
            /** The paid-until time (a complimentary grant has none). */
            premiumUntil: user.premiumUntil,
            trialAvailable: trialAvailable(user),
          }
        : null,
    };
  }),

  /** POST /api/premium/trial: 7 days of premium, once per member, effective everywhere at once. */
  startTrial: signedInProcedure.output(trialStartedSchema).mutation(async ({ ctx }) => {
    const now = Date.now();
    const premiumUntil = now + PREMIUM_TRIAL_DAYS * DAY_MS;
    const [started] = await ctx.db
      .update(users)
      .set({ trialStartedAt: now, premiumUntil })
      .where(
        and(
          eq(users.id, ctx.user.id),
          isNull(users.trialStartedAt),
          eq(users.isPremium, false),
          sql`coalesce(${users.premiumUntil}, 0) <= ${now}`,
        ),
      )
      .returning({ id: users.id, role: users.role, isPremium: users.isPremium, premiumUntil: users.premiumUntil });
    if (!started) {
      const message = ctx.user.trialStartedAt !== null ? PREMIUM_TEXTS.trialUsed : PREMIUM_TEXTS.alreadyPremium;
      throw conflict(message);
    }
    await premiumChanged(ctx, started);
    return { isPremium: true as const, premiumUntil, message: PREMIUM_TEXTS.trialStarted };
  }),

  /** POST /api/premium/checkout `{ plan }`: a PayMongo Checkout Session; answers the page to send the member to. */
  checkout: signedInProcedure
    .input(checkoutInput)
    .output(checkoutStartedSchema)
    .mutation(async ({ ctx, input }) => {
      if (!paymentsEnabled(ctx.config)) throw notImplemented(paymentsNotSetUpMessage(trialAvailable(ctx.user)));
      await enforceRateLimit(ctx, ctx.env.PREMIUM_CHECKOUT_LIMITER, String(ctx.user.id));
      const plan = pricedPlans(ctx.config).find((candidate) => candidate.id === input.plan)!;
      let session: { id: string; checkoutUrl: string };
      try {
        session = await createCheckoutSession(ctx.config, {
          planName: plan.name,
          description: `${PRODUCT_NAME} ${plan.name} for ${ctx.user.name}`,
          amount: plan.price,
          currency: ctx.config.premiumPrices.currency,
          reference: `premium-${ctx.user.id}-${Date.now()}`,
          successUrl: `${ctx.config.APP_URL}/premium?checkout=success`,
          cancelUrl: `${ctx.config.APP_URL}/premium?checkout=cancelled`,
          metadata: { userId: String(ctx.user.id), plan: plan.id },
        });
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        log.error('PayMongo checkout failed', { error });
        throw badGateway(PREMIUM_TEXTS.checkoutFailed);
      }
      await ctx.db.insert(premiumCheckouts).values({
        id: session.id,
        userId: ctx.user.id,
        plan: plan.id,
        amount: plan.price,
        currency: ctx.config.premiumPrices.currency,
        periodDays: plan.periodDays,
      });
      return { checkoutUrl: session.checkoutUrl };
    }),

  /**
   * POST /api/premium/webhook (PayMongo calls it; no session, no Origin: the signature is the proof). A paid
   * checkout extends premium by its plan's period once: the checkout row goes from pending to paid in the same
   * transaction that moves premium_until, and only the delivery that made that change (its apply token) moves
   * it. Replays and other events are recorded and change nothing.
   */
  paymongoWebhook: publicProcedure
    .input(z.object({ payload: z.string().max(60_000), signature: z.string().max(1000) }))
    .output(webhookReceivedSchema)
    .mutation(async ({ ctx, input }) => {
      if (!paymentsEnabled(ctx.config)) throw notFound(WEBHOOK_TEXTS.notConfigured);
      const event = parseWebhookEvent(input.payload);
      if (
        !verifyWebhookSignature(
          ctx.config.PAYMONGO_WEBHOOK_SECRET!,
          input.signature,
          input.payload,
          event?.livemode ?? false,
        )
      )
        throw unauthorized(WEBHOOK_TEXTS.badSignature);
      if (!event) throw badRequest(WEBHOOK_TEXTS.badEvent);

      const now = Date.now();
      const checkout = event.checkout;
      if (!checkout) {
        await ctx.db
          .insert(paymentEvents)
          .values({ id: event.id, type: event.type, outcome: 'ignored', receivedAt: now })
          .onConflictDoNothing();
        return { received: true as const, applied: false };
      }
      const applyToken = crypto.randomUUID();
      /** A column of the checkout being paid, read inside the batch; and an end time extended by its period. */
      const paid = (column: SQLiteColumn) =>
        sql`(select ${column} from ${premiumCheckouts} where ${premiumCheckouts.id} = ${checkout.id})`;
      const extendedBy = (until: SQLiteColumn) =>
        sql`max(coalesce(${until}, 0), ${now}) + ${paid(premiumCheckouts.periodDays)} * ${DAY_MS}`;
      const appliedHere = sql`exists (select 1 from ${premiumCheckouts} where ${premiumCheckouts.id} = ${checkout.id} and ${premiumCheckouts.applyToken} = ${applyToken})`;
      const [, , extended] = await ctx.db.batch([
        ctx.db
          .insert(paymentEvents)
          .values({ id: event.id, type: event.type, checkoutId: checkout.id, outcome: 'received', receivedAt: now })
          .onConflictDoNothing(),
        ctx.db
          .update(premiumCheckouts)
          .set({ status: 'paid', paidAt: now, applyToken })
          .where(
            and(
              eq(premiumCheckouts.id, checkout.id),
              eq(premiumCheckouts.status, 'pending'),
              eq(premiumCheckouts.amount, checkout.amount),
              // Payments in several currencies never match (their amounts cannot be added up).
              checkout.currency === null ? sql`false` : eq(premiumCheckouts.currency, checkout.currency),
            ),
          ),
        ctx.db
          .update(users)
          .set({
            premiumUntil: extendedBy(users.premiumUntil),
            // Pro time is its own: a Pro payment extends it by its period; other plans leave it as it is.
            proUntil: sql`case when ${paid(premiumCheckouts.plan)} = 'pro' then ${extendedBy(users.proUntil)} else ${users.proUntil} end`,
          })
          .where(and(eq(users.id, paid(premiumCheckouts.userId)), appliedHere))
          .returning({ id: users.id, role: users.role, isPremium: users.isPremium, premiumUntil: users.premiumUntil }),
        ctx.db
          .update(paymentEvents)
          .set({ outcome: sql`case when ${appliedHere} then 'applied' else 'ignored' end` })
          .where(and(eq(paymentEvents.id, event.id), eq(paymentEvents.outcome, 'received'))),
      ]);
      const member = extended[0];
      if (member) await premiumChanged(ctx, member);
      else
        log.warn('PayMongo event changed nothing (replayed, unknown or not matching)', {
          eventId: event.id,
          checkoutId: checkout.id,
        });
      return { received: true as const, applied: Boolean(member) };
    }),
});
