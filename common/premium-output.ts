// The answers of the premium procedures as zod schemas: the procedures declare them as their output, the OpenAPI
// document is generated from them, and the plan and feature types are inferred from them (common/premium.ts
// re-exports the types).
import { PLAN_IDS, PLAN_PERIODS, PREMIUM_FEATURE_CATEGORIES } from './premium.ts';
import { timestampSchema } from './profile-output.ts';
import * as z from './zod.ts';

/** A plan as common/premium.ts defines it. */
export const planDefinitionSchema = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  period: z.enum(PLAN_PERIODS),
  periodDays: z.int().meta({ description: 'How far one payment moves premium_until.' }),
  popular: z.boolean(),
  features: z.array(z.string()),
});

/** A plan with the price the server is configured with, as the page shows it and checkout charges it. */
export const pricedPlanSchema = z
  .object({
    ...planDefinitionSchema.shape,
    price: z.int().meta({ description: 'Minor units (cents, centavos) of the currency.' }),
    priceLabel: z.string(),
    savings: z
      .nullable(z.object({ amount: z.int(), label: z.string(), monthsFree: z.int() }))
      .meta({ description: 'What the yearly plan saves against twelve monthly payments; null for the others.' }),
  })
  .meta({ id: 'PremiumPlan' });

export const premiumFeatureSchema = z
  .object({ title: z.string(), description: z.string(), category: z.enum(PREMIUM_FEATURE_CATEGORIES) })
  .meta({ id: 'PremiumFeature' });

/** GET /api/premium: plans, prices, features, whether checkout is available, and the member's own state. */
export const premiumOverviewSchema = z
  .object({
    product: z.string(),
    currency: z.string().meta({ description: 'ISO 4217 code, upper case.' }),
    plans: z.array(pricedPlanSchema),
    features: z.array(premiumFeatureSchema),
    trialDays: z.int(),
    paymentsEnabled: z.boolean(),
    member: z
      .nullable(
        z.object({
          isPremium: z.boolean(),
          premiumUntil: z
            .nullable(timestampSchema)
            .meta({ description: 'The paid-until time (a complimentary grant has none).' }),
          trialAvailable: z.boolean(),
        }),
      )
      .meta({ description: 'null when nobody is signed in.' }),
  })
  .meta({ id: 'PremiumOverview' });

export const trialStartedSchema = z
  .object({ isPremium: z.literal(true), premiumUntil: timestampSchema, message: z.string() })
  .meta({ id: 'TrialStarted' });

export const checkoutStartedSchema = z
  .object({ checkoutUrl: z.string().meta({ description: 'The payment page to send the member to.' }) })
  .meta({ id: 'CheckoutStarted' });

export const webhookReceivedSchema = z
  .object({
    received: z.literal(true),
    applied: z.boolean().meta({ description: 'Whether this delivery extended premium (replays change nothing).' }),
  })
  .meta({ id: 'WebhookReceived' });

export type PlanDefinition = z.infer<typeof planDefinitionSchema>;
export type PremiumFeature = z.infer<typeof premiumFeatureSchema>;
