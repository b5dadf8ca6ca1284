// GET /api/captcha/challenge: a fresh ALTCHA proof-of-work challenge for the registration widget.
import type { Handler } from 'hono';
import * as z from '../../common/zod.ts';
import { readConfig } from '../env.ts';
import { captchaProvider } from '../providers/captcha.ts';
import type { HonoEnv } from './adapter.ts';

/** ALTCHA's challenge (altcha-lib v2), as the widget reads it. */
export const altchaChallengeSchema = z
  .object({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.optional(z.number()),
    }),
    signature: z.optional(z.string()),
  })
  .meta({ id: 'AltchaChallenge' });

export const altchaChallengeResponse: Handler<HonoEnv> = async (c) => {
  const provider = captchaProvider(readConfig(c.env));
  if (!provider.challenge)
    return c.json({ message: 'This server uses another captcha provider.', code: 'NOT_FOUND' }, 404);
  c.header('Cache-Control', 'no-store');
  return c.json(await provider.challenge());
};
