// Premium (spec, "Premium: /premium"; docs/architecture.md, "Beyond the spec"): the three plans, the feature
// grid, the 7-day trial and their texts, shared by the Worker and the web app. Premium is "paid until"
// (users.premium_until): a trial or a paid plan moves that time forward, and premium ends by itself when the time
// is up.
//
// Prices are in minor units (cents, centavos) of one currency. The defaults are the spec's dollar prices; an
// operator sets PREMIUM_CURRENCY and PREMIUM_PRICES (PayMongo charges in PHP). The page shows what the server
// is configured with, and checkout charges exactly that.
import * as z from './zod.ts';
import {} from './time.ts';
import type { PlanDefinition, PremiumFeature } from './premium-output.ts';

export const PREMIUM_TRIAL_DAYS = 7;

export const PLAN_IDS = ['monthly', 'yearly', 'pro'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** What one payment of a plan pays for: a month or a year. */
export const PLAN_PERIODS = ['month', 'year'] as const;

// Answers: their schemas and the types inferred from them are in premium-output.ts.
export type { PlanDefinition, PremiumFeature } from './premium-output.ts';

export const PREMIUM_PLANS: readonly PlanDefinition[] = [
  {
    id: 'monthly',
    name: 'Premium Monthly',
    period: 'month',
    periodDays: 30,
    popular: false,
    features: [
      '3 stars and 3 flowers a day',
      '3 chat requests at once, and Chat from profiles',
      'Spas: priority listing and 12 weeks of analytics',
      'Premium crown on your profile',
    ],
  },
  {
    id: 'yearly',
    name: 'Premium Yearly',
    period: 'year',
    periodDays: 365,
    popular: true,
    features: ['Everything in Premium Monthly', 'One payment for the whole year', 'Premium crown on your profile'],
  },
  {
    id: 'pro',
    name: 'Premium Pro',
    period: 'month',
    periodDays: 30,
    popular: false,
    // Nothing "coming soon": the page claims only what the product does.
    features: ['Everything in Premium Monthly', 'A year (52 weeks) of spa analytics, on screen and as CSV'],
  },
];

export interface PremiumPrices {
  /** ISO 4217 code, upper case. */
  currency: string;
  /** Minor units per plan. */
  amounts: Record<PlanId, number>;
}

/** The spec's prices ("Business constants and limits"): $19.99 a month, $199.99 a year, $39.99 a month for Pro. */
export const DEFAULT_PREMIUM_PRICES: PremiumPrices = {
  currency: 'USD',
  amounts: { monthly: 1999, yearly: 19999, pro: 3999 },
};

export function formatPrice(minorUnits: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minorUnits / 100);
}

/** What the yearly plan saves against twelve monthly payments, and how many months that is ("2 months free"). */
export function yearlySavings(prices: PremiumPrices): { amount: number; monthsFree: number } | null {
  const amount = prices.amounts.monthly * 12 - prices.amounts.yearly;
  if (amount <= 0) return null;
  return { amount, monthsFree: Math.round(amount / prices.amounts.monthly) };
}

/** The groups of the feature grid. */
export const PREMIUM_FEATURE_CATEGORIES = ['Recognition', 'Chat', 'Profile', 'For spas', 'Billing'] as const;

/** The feature grid: what premium really changes, nothing it does not. */
export const PREMIUM_FEATURES: readonly PremiumFeature[] = [
  {
    title: '3x Daily Recognition',
    description: 'Give up to 3 stars to spas and 3 flowers to therapists every day instead of 1.',
    category: 'Recognition',
  },
  {
    title: '3 Chat Requests at Once',
    description: 'Keep up to 3 chat requests waiting for an answer instead of 1.',
    category: 'Chat',
  },
  {
    title: 'Chat from Profiles',
    description: 'A Chat button on the profile of any member who is online sends them a chat request from there.',
    category: 'Chat',
  },
  {
    title: 'Priority Listing',
    description: 'Your spa comes first among spas at a similar distance in the map list, with a gold-ringed marker.',
    category: 'For spas',
  },
  {
    title: 'Full Spa Analytics',
    description:
      'See 12 weeks of profile views, map taps, reviews and recognition instead of 4, compare with the previous 12 weeks, and export CSV.',
    category: 'For spas',
  },
  {
    title: 'Premium Crown',
    description: 'A crown and the Premium Member badge on your profile for everyone to see.',
    category: 'Profile',
  },
  {
    title: 'No Auto-Renewal',
    description: 'Pay for a month or a year up front. Premium simply ends when the time is up.',
    category: 'Billing',
  },
];

export const PREMIUM_TEXTS = {
  trialUsed: 'You have already used your free trial.',
  alreadyPremium: "You're already Premium.",
  trialStarted: `Your ${PREMIUM_TRIAL_DAYS}-day free trial has started.`,
  paymentsNotSetUp: 'Payments are not set up on this server.',
  tryTheTrial: `Start your ${PREMIUM_TRIAL_DAYS}-day free trial instead.`,
  checkoutFailed: 'The payment page could not be opened. Please try again.',
  planRequired: 'Please choose a plan.',
} as const;

/** Without a payment provider: say so, and offer the trial only to a member who may still start it. */
export function paymentsNotSetUpMessage(trialAvailable: boolean): string {
  return trialAvailable
    ? `${PREMIUM_TEXTS.paymentsNotSetUp} ${PREMIUM_TEXTS.tryTheTrial}`
    : PREMIUM_TEXTS.paymentsNotSetUp;
}

export const checkoutInput = z.object({ plan: z.enum(PLAN_IDS, { error: PREMIUM_TEXTS.planRequired }) });

/** Whether a "paid until" time is still running. */
export function isPremiumUntil(premiumUntil: number | null | undefined, now = Date.now()): boolean {
  return (premiumUntil ?? 0) > now;
}
