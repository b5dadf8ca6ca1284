// The Worker's configuration, parsed once per isolate with zod. Every provider has an embedded default that
// works offline (ARCHITECTURE section 6); production refuses to run on the development defaults of secrets.
import { z } from 'zod';
import type { ChatHub } from '../durable-objects/chat-hub.ts';

export interface Bindings {
  ASSETS: Fetcher;
  CHAT_HUB: DurableObjectNamespace<ChatHub>;
  LOGIN_LIMITER?: RateLimit;
  REGISTER_LIMITER?: RateLimit;
  [key: string]: unknown;
}

const DEVELOPMENT_ALTCHA_KEY = 'development-only-altcha-hmac-key';

const configSchema = z
  .object({
    ENVIRONMENT: z.enum(['development', 'production']).default('development'),
    TURSO_DATABASE_URL: z.string().url().default('http://127.0.0.1:8080'),
    TURSO_AUTH_TOKEN: z.string().optional(),
    ALLOWED_ORIGINS: z
      .string()
      .optional()
      .transform((value) => (value ? value.split(',').map((origin) => origin.trim()).filter(Boolean) : [])),
    ALTCHA_HMAC_KEY: z.string().min(16).default(DEVELOPMENT_ALTCHA_KEY),
    TURNSTILE_SITE_KEY: z.string().optional(),
    TURNSTILE_SECRET_KEY: z.string().optional(),
    RECAPTCHA_SITE_KEY: z.string().optional(),
    RECAPTCHA_SECRET_KEY: z.string().optional(),
  })
  .superRefine((config, context) => {
    if (config.ENVIRONMENT !== 'production') return;
    if (!config.TURSO_AUTH_TOKEN) context.addIssue({ code: 'custom', message: 'TURSO_AUTH_TOKEN is required in production' });
    const hasOtherCaptcha = Boolean(config.TURNSTILE_SECRET_KEY || config.RECAPTCHA_SECRET_KEY);
    if (!hasOtherCaptcha && config.ALTCHA_HMAC_KEY === DEVELOPMENT_ALTCHA_KEY)
      context.addIssue({ code: 'custom', message: 'ALTCHA_HMAC_KEY must be set in production' });
  });

export type Config = z.infer<typeof configSchema>;

const cache = new WeakMap<object, Config>();

/** Parses the Worker's variables; throws a readable error when they are invalid. */
export function readConfig(env: Bindings): Config {
  const cached = cache.get(env);
  if (cached) return cached;
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid configuration: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  cache.set(env, parsed.data);
  return parsed.data;
}
