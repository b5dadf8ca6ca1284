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
  .get('/logout', async (c) => {
    // The browser's sign-out link: end the session like POST, then go home.
    const answer = await rest((caller) => caller.account.logout())(c, async () => {});
    const redirect = c.redirect('/', 302);
    (answer as Response).headers.forEach((value, key) => key.toLowerCase() === 'set-cookie' && redirect.headers.append(key, value));
    return redirect;
  })
  .get('/captcha/challenge', altchaChallengeResponse);
