// REST paths of the account domain (spec part 1 section 7) and the health check.
import { Hono } from 'hono';
import { altchaChallengeResponse } from './captcha.ts';
import { orUnauthorized, rest, type HonoEnv } from './adapter.ts';

export const accountRoutes = new Hono<HonoEnv>()
  .get('/health', rest((caller) => caller.system.health()))
  .get('/user', rest(async (caller) => orUnauthorized(await caller.account.me())))
  .post('/login', rest((caller, { body }) => caller.account.login(body as never)))
  .post('/register', rest((caller, { body }) => caller.account.register(body as never)))
  .post('/logout', rest((caller) => caller.account.logout()))
  // The browser's sign-out link: ends the session like POST, then goes home.
  .get('/logout', rest((caller) => caller.account.logout(), { redirectTo: '/' }))
  .get('/captcha/challenge', altchaChallengeResponse);
