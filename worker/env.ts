// The Worker's configuration, parsed once per isolate with zod. Every provider has an embedded default that
// works offline (docs/architecture.md, "Providers"). A deploy is production unless ENVIRONMENT says "development"
// explicitly (local runs and tests do), and production refuses to run on the development defaults.
import * as z from '../common/zod.ts';
import { DEFAULT_PREMIUM_PRICES, PLAN_IDS, type PlanId, type PremiumPrices } from '../common/premium.ts';
import { SPA_LISTING_CACHE_SECONDS } from '../common/map.ts';
import { SCRYPT_COST } from '../db/password.ts';

/**
 * The Worker's bindings: Env, which `npm run types:worker` generates into worker-configuration.d.ts from
 * wrangler.toml (its bindings and [vars]) and .dev.vars.example (the names of the variables and secrets set per
 * deploy), and the bindings a deploy may add. Every variable and secret may be unset: readConfig reads them, with
 * their defaults. A deploy without a rate limiter, the bucket or Images is refused where they are needed.
 */
export interface Bindings extends Env {
  /** Workers AI for AI Assist, when a deploy binds it. */
  AI?: Ai;
  /** Cloudflare Email Service (a `send_email` binding), one of the mail providers, when a deploy enables it. */
  EMAIL?: SendEmail;
}

const DEVELOPMENT_ALTCHA_KEY = 'development-only-altcha-hmac-key';
/** The address links in e-mails point at when a development run does not say (npm start always does). */
const DEVELOPMENT_APP_URL = 'http://127.0.0.1:8787';
/** Where a development run without a database URL looks for sqld; only ever a development default. */
const DEVELOPMENT_DATABASE_URL = 'http://127.0.0.1:8080';
/** OpenFreeMap's Liberty style: public, keyless, OpenStreetMap data. */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

/** PREMIUM_PRICES: `monthly=1999,yearly=19999,pro=3999` in minor units; plans left out keep their default. */
function parsePrices(value: string | undefined, currency: string | undefined, context: z.RefinementCtx): PremiumPrices {
  const amounts = { ...DEFAULT_PREMIUM_PRICES.amounts };
  for (const entry of (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [plan, amount] = entry.split('=').map((part) => part.trim());
    if (!PLAN_IDS.includes(plan as PlanId) || !/^\d{1,9}$/.test(amount ?? '') || Number(amount) <= 0) {
      context.addIssue({
        code: 'custom',
        message: `PREMIUM_PRICES: "${entry}" is not plan=minor-units (plans: ${PLAN_IDS.join(', ')})`,
      });
      continue;
    }
    amounts[plan as PlanId] = Number(amount);
  }
  return { currency: currency ?? DEFAULT_PREMIUM_PRICES.currency, amounts };
}

const configSchema = z
  .object({
    ENVIRONMENT: z.enum(['development', 'production']).default('production'),
    TURSO_DATABASE_URL: z.string().url().optional(),
    TURSO_AUTH_TOKEN: z.string().optional(),
    ALLOWED_ORIGINS: z
      .string()
      .optional()
      .transform((value) =>
        value
          ? value
              .split(',')
              .map((origin) => origin.trim())
              .filter(Boolean)
          : [],
      ),
    ALTCHA_HMAC_KEY: z.string().min(16).default(DEVELOPMENT_ALTCHA_KEY),
    /** scrypt's cost (N) for new password hashes: a power of two; less than OWASP's 2^14 is refused in production. */
    PASSWORD_SCRYPT_COST: z.coerce
      .number()
      .int()
      .refine(
        (cost) => cost >= 2 ** 10 && cost <= 2 ** 20 && (cost & (cost - 1)) === 0,
        'PASSWORD_SCRYPT_COST must be a power of two from 1024 to 1048576',
      )
      .default(SCRYPT_COST),
    /**
     * The most hashes an ALTCHA challenge asks for (each asks for a random number between a quarter of it and it):
     * about half a second on a mid-range phone at the default. The Worker's own tests, which register hundreds of
     * members, ask for less.
     */
    ALTCHA_MAX_WORK: z.coerce.number().int().min(1_000).max(1_000_000).default(80_000),
    TURNSTILE_SITE_KEY: z.string().optional(),
    TURNSTILE_SECRET_KEY: z.string().optional(),
    RECAPTCHA_SITE_KEY: z.string().optional(),
    RECAPTCHA_SECRET_KEY: z.string().optional(),
    // Maps: mapbox-gl, Mapbox Directions and Geocoding with a token; otherwise maplibre-gl on a
    // keyless public style, the Worker's embedded basemap, the gazetteer and straight-line estimates.
    MAPBOX_TOKEN: z.string().min(1).optional(),
    /** The token the browser's mapbox-gl uses; defaults to MAPBOX_TOKEN when that is a public (pk.) token. */
    MAPBOX_PUBLIC_TOKEN: z.string().min(1).optional(),
    /** A keyless public style; empty means the embedded basemap only. */
    MAP_STYLE_URL: z.union([z.url(), z.literal('')]).default(DEFAULT_MAP_STYLE_URL),
    MAXMIND_ACCOUNT_ID: z.string().min(1).optional(),
    MAXMIND_LICENSE_KEY: z.string().min(1).optional(),
    /** Seconds the spa listing stays in the edge cache; 0 turns the cache off (benchmarks). */
    SPA_LISTING_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(SPA_LISTING_CACHE_SECONDS),
    // AI Assist: an OpenAI-compatible endpoint when both are set (else Workers AI when bound, else built in).
    AI_BASE_URL: z.string().url().optional(),
    AI_API_KEY: z.string().optional(),
    AI_MODEL: z.string().optional(),
    /**
     * The app's public address: every link in an e-mail and every return address handed to a provider starts
     * with it, never with the request's Host (a forged Host would otherwise receive reset tokens).
     */
    APP_URL: z.url({ protocol: /^https?$/ }).optional(),
    MAIL_FROM: z.string().min(3).optional(),
    RESEND_API_KEY: z.string().min(1).optional(),
    RESEND_API_BASE: z.string().url().default('https://api.resend.com'),
    EMAIL: z.custom<SendEmail>((value) => typeof value === 'object' && value !== null).optional(),
    PAYMONGO_SECRET_KEY: z.string().min(1).optional(),
    PAYMONGO_WEBHOOK_SECRET: z.string().min(1).optional(),
    PAYMONGO_API_BASE: z.string().url().default('https://api.paymongo.com'),
    PREMIUM_CURRENCY: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'PREMIUM_CURRENCY must be an ISO 4217 code such as PHP')
      .transform((code) => code.toUpperCase())
      .optional(),
    PREMIUM_PRICES: z.string().optional(),
    /** Sentry's project DSN: unexpected errors are sent there (docs/operations.md). */
    SENTRY_DSN: z.url().optional(),
  })
  .superRefine((config, context) => {
    if ((config.RESEND_API_KEY || config.EMAIL) && !config.MAIL_FROM)
      context.addIssue({ code: 'custom', message: 'MAIL_FROM is required when a mail provider is configured' });
    if (Boolean(config.PAYMONGO_SECRET_KEY) !== Boolean(config.PAYMONGO_WEBHOOK_SECRET))
      context.addIssue({ code: 'custom', message: 'PAYMONGO_SECRET_KEY and PAYMONGO_WEBHOOK_SECRET are set together' });
    // PayMongo charges pesos only: another currency would fail at every checkout.
    if (config.PAYMONGO_SECRET_KEY && config.PREMIUM_CURRENCY !== 'PHP')
      context.addIssue({ code: 'custom', message: 'PREMIUM_CURRENCY=PHP is required with PayMongo' });
    if (config.ENVIRONMENT !== 'production') return;
    if (!config.TURSO_DATABASE_URL)
      context.addIssue({ code: 'custom', message: 'TURSO_DATABASE_URL is required in production' });
    if (!config.TURSO_AUTH_TOKEN)
      context.addIssue({ code: 'custom', message: 'TURSO_AUTH_TOKEN is required in production' });
    if (!config.APP_URL) context.addIssue({ code: 'custom', message: 'APP_URL is required in production' });
    const hasOtherCaptcha = Boolean(config.TURNSTILE_SECRET_KEY || config.RECAPTCHA_SECRET_KEY);
    if (!hasOtherCaptcha && config.ALTCHA_HMAC_KEY === DEVELOPMENT_ALTCHA_KEY)
      context.addIssue({ code: 'custom', message: 'ALTCHA_HMAC_KEY must be set in production' });
    if (config.PASSWORD_SCRYPT_COST < SCRYPT_COST)
      context.addIssue({
        code: 'custom',
        message: `PASSWORD_SCRYPT_COST below ${SCRYPT_COST} is for tests, not production`,
      });
  })
  .transform(({ PREMIUM_PRICES, PREMIUM_CURRENCY, ...config }, context) => ({
    ...config,
    TURSO_DATABASE_URL: config.TURSO_DATABASE_URL ?? DEVELOPMENT_DATABASE_URL,
    /** The origin only, without a trailing slash: `${APP_URL}/reset-password?token=…`. */
    APP_URL: new URL(config.APP_URL ?? DEVELOPMENT_APP_URL).origin,
    premiumPrices: parsePrices(PREMIUM_PRICES, PREMIUM_CURRENCY, context),
  }));

export type Config = z.infer<typeof configSchema>;

const cache = new WeakMap<object, Config>();

/** Parses the Worker's variables; throws a readable error when they are invalid. */
export function readConfig(env: Bindings): Config {
  const cached = cache.get(env);
  if (cached) return cached;
  const parsed = configSchema.safeParse(env);
  if (!parsed.success)
    throw new Error(`Invalid configuration: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  cache.set(env, parsed.data);
  return parsed.data;
}
