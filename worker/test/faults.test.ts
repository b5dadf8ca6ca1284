// A database that fails is answered, fast and clearly: every route that needs it says 503 "The database is
// unreachable. Please try again." (never a hang, never a 500), sign-in included, and the signed-out landing page
// and the service worker need no database at all. Three failures: a database server that accepts connections and
// never answers (frozen), one that is not there (stopped), and one that refuses every request as busy. A database
// that refuses some requests as busy is asked again and answers; the Worker comes back with the database.
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { configuredWorker, freshIp, GOOD_PASSWORD, json } from './helpers.ts';
import { createMember } from './members.ts';

const UNREACHABLE = { message: 'The database is unreachable. Please try again.', code: 'SERVICE_UNAVAILABLE' };

/** What every route that needs the database is asked while it fails, as a member signed in before it did. */
async function routesWhileTheDatabaseFails(databaseUrl: string) {
  const member = await createMember('client');
  const worker = configuredWorker({ TURSO_DATABASE_URL: databaseUrl });
  const asMember = { cookie: member.cookie };
  const answers = {
    health: await worker.call('/api/health'),
    currentUser: await worker.call('/api/user', asMember),
    signIn: await worker.call('/api/login', { body: { name: member.name, password: GOOD_PASSWORD }, ip: freshIp() }),
    profile: await worker.call(`/api/profile/by-slug/${member.slug}`, asMember),
    starsGiven: await worker.call(`/api/stars-given-by/${member.id}`, asMember),
    trpcMe: await worker.call('/trpc/account.me', asMember),
    forgotPassword: await worker.call('/api/forgot-password', { body: { nameOrEmail: member.name }, ip: freshIp() }),
  };
  const pages = {
    landing: await worker.call('/'),
    serviceWorker: await worker.call('/sw.js'),
    appShell: await worker.call('/profile', asMember),
  };
  return { answers, pages };
}

describe.each([
  ['frozen: it takes connections and never answers', () => inject('frozenDatabaseUrl')],
  ['stopped: nothing listens where it was', () => inject('stoppedDatabaseUrl')],
  ['busy: it refuses every request as over its limit of requests at once', () => inject('busyDatabaseUrl')],
])('a database that is %s', (_name, databaseUrl) => {
  it('answers 503 on every route that needs it, sign-in too, and serves the pages that do not', async () => {
    const { answers, pages } = await routesWhileTheDatabaseFails(databaseUrl());
    for (const [route, response] of Object.entries(answers)) {
      expect(response.status, route).toBe(503);
      const body = await json<{ message?: string; code?: string; error?: { message: string; data: { code: string } } }>(
        response,
      );
      const said = body.error ? { message: body.error.message, code: body.error.data.code } : body;
      expect(said, route).toEqual(UNREACHABLE);
    }
    // The signed-out landing page and the service worker are static; a member's page loads without its data.
    expect(pages.landing.status).toBe(200);
    expect(await pages.landing.text()).toContain('Get Started');
    expect(pages.serviceWorker.status).toBe(200);
    expect(pages.appShell.status).toBe(200);
  });
});

it('asks a database that refused a request as busy again: every route answers while it refuses every other request', async () => {
  const member = await createMember('client');
  const worker = configuredWorker({ TURSO_DATABASE_URL: inject('sometimesBusyDatabaseUrl') });
  const me = await worker.call('/api/user', { cookie: member.cookie });
  expect(me.status).toBe(200);
  expect((await json<{ id: number }>(me)).id).toBe(member.id);
  const signIn = await worker.call('/api/login', {
    body: { name: member.name, password: GOOD_PASSWORD },
    ip: freshIp(),
  });
  expect(signIn.status).toBe(200);
  expect((await worker.call(`/api/profile/by-slug/${member.slug}`, { cookie: member.cookie })).status).toBe(200);
});

it('comes back with the database: the next request after a failure reads it again', async () => {
  const member = await createMember('client');
  const down = configuredWorker({ TURSO_DATABASE_URL: inject('stoppedDatabaseUrl') });
  expect((await down.call('/api/user', { cookie: member.cookie })).status).toBe(503);
  const back = configuredWorker({});
  const me = await back.call('/api/user', { cookie: member.cookie });
  expect(me.status).toBe(200);
  expect((await json<{ id: number }>(me)).id).toBe(member.id);
});
