// GET /api/captcha/challenge: a fresh ALTCHA proof-of-work challenge for the registration widget.
import type { Handler } from 'hono';
import { readConfig } from '../env.ts';
import { captchaProvider } from '../providers/captcha.ts';
import type { HonoEnv } from './adapter.ts';

export const altchaChallengeResponse: Handler<HonoEnv> = async (c) => {
  const provider = captchaProvider(readConfig(c.env));
  if (!provider.challenge)
    return c.json({ message: 'This server uses another captcha provider.', code: 'NOT_FOUND' }, 404);
  c.header('Cache-Control', 'no-store');
  return c.json(await provider.challenge());
};
