// REST paths of the account domain (spec, "The calls it makes") and the health check.
import { successSchema, currentUserSchema } from '../../common/account-output.ts';
import { loginInput, registerInput } from '../../common/account-input.ts';
import { healthSchema } from '../../common/system-output.ts';
import { orUnauthorized } from './adapter.ts';
import { altchaChallengeResponse, altchaChallengeSchema } from './captcha.ts';
import type { RestDomain } from './openapi.ts';
import { handlerRoute, jsonRoute, otherRoute } from './route.ts';

function isOwnNavigation(headers: Headers): boolean {
  const site = headers.get('Sec-Fetch-Site');
  return site === 'same-origin' || site === 'none';
}

export const accountRoutes: RestDomain = {
  tag: 'Account',
  description: 'Registration, signing in and out, the signed-in member, and the health check.',
  routes: [
    jsonRoute({
      method: 'get',
      path: '/health',
      summary: 'Health of the Worker and its database',
      access: 'anyone',
      answer: healthSchema,
      call: (caller) => caller.system.health(),
    }),
    jsonRoute({
      method: 'get',
      path: '/user',
      summary: 'The signed-in member',
      description: 'The only answer that carries the member’s email.',
      access: 'member',
      answer: currentUserSchema,
      call: async (caller) => orUnauthorized(await caller.account.me()),
    }),
    jsonRoute({
      method: 'post',
      path: '/login',
      summary: 'Sign in',
      description: 'Sets the session cookie; the answer is the member.',
      access: 'anyone',
      body: loginInput,
      errors: [401, 403, 429],
      answer: currentUserSchema,
      call: (caller, { body }) => caller.account.login(body),
    }),
    jsonRoute({
      method: 'post',
      path: '/register',
      summary: 'Create an account',
      description: 'With the captcha’s answer as `recaptchaToken`; sets the session cookie.',
      access: 'anyone',
      body: registerInput,
      errors: [409, 429],
      answer: currentUserSchema,
      call: (caller, { body }) => caller.account.register(body),
    }),
    jsonRoute({
      method: 'post',
      path: '/logout',
      summary: 'Sign out',
      access: 'anyone',
      answer: successSchema,
      call: (caller) => caller.account.logout(),
    }),
    // The browser's sign-out link (spec): ends the session like POST, then goes home. A GET is only honoured when
    // the browser says the navigation came from this site or was typed (Sec-Fetch-Site same-origin or none):
    // another website linking here must not sign members out.
    otherRoute({
      method: 'get',
      path: '/logout',
      summary: 'Sign out from a link, then go home',
      description: 'Signs out only when `Sec-Fetch-Site` is `same-origin` or `none`; redirects to `/` either way.',
      access: 'anyone',
      answer: { kind: 'redirect', redirect: { status: 302, location: '/', description: 'Home.' } },
      call: (caller, { requestHeaders }) =>
        isOwnNavigation(requestHeaders) ? caller.account.logout() : Promise.resolve(null),
    }),
    handlerRoute({
      method: 'get',
      path: '/captcha/challenge',
      summary: 'A proof-of-work challenge for the registration captcha',
      description: 'ALTCHA only; 404 where the server uses another captcha provider.',
      access: 'anyone',
      errors: [404],
      answer: altchaChallengeSchema,
      handler: altchaChallengeResponse,
    }),
  ],
};
