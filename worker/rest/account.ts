// REST paths of the account domain (spec, "The calls it makes") and the health check.
import { Hono } from 'hono';
import { altchaChallengeResponse } from './captcha.ts';
import { orUnauthorized, rest, type HonoEnv } from './adapter.ts';

function isOwnNavigation(headers: Headers): boolean {
  const site = headers.get('Sec-Fetch-Site');
  return site === 'same-origin' || site === 'none';
}

export const accountRoutes = new Hono<HonoEnv>()
  .get(
    '/health',
    rest((caller) => caller.system.health()),
  )
  .get(
    '/user',
    rest(async (caller) => orUnauthorized(await caller.account.me())),
  )
  .post(
    '/login',
    rest((caller, { body }) => caller.account.login(body as never)),
  )
  .post(
    '/register',
    rest((caller, { body }) => caller.account.register(body as never)),
  )
  .post(
    '/logout',
    rest((caller) => caller.account.logout()),
  )
  // The browser's sign-out link (spec): ends the session like POST, then goes home. A GET is only honoured when
  // the browser says the navigation came from this site or was typed (Sec-Fetch-Site same-origin or none):
  // another website linking here must not sign members out.
  .get(
    '/logout',
    rest(
      (caller, { requestHeaders }) =>
        isOwnNavigation(requestHeaders) ? caller.account.logout() : Promise.resolve(null),
      { redirectTo: '/' },
    ),
  )
  .get('/captcha/challenge', altchaChallengeResponse);
