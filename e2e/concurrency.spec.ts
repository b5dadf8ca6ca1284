// Bursts against the app as `npm start` serves it (wrangler dev, workerd): the Worker's one database client per
// isolate (worker/db.ts) serves many requests at once, each call sent from the request that made it. A client with
// a concurrency limit queued the calls beyond it and resumed them from another request's context, which workerd
// cancels as hung: every request of a burst answered 500, and so did the client's later ones. The Workers vitest
// integration runs its requests differently and never showed it, so this is a journey against the running app.
import { readFileSync } from 'node:fs';
import { appUrl, expect, test } from './fixtures.ts';
import { storageStateOf } from './helpers.ts';

test('answers 200 signed-in reads sent at once, and the reads after them', async () => {
  const { cookies } = JSON.parse(readFileSync(storageStateOf('Juan dela Cruz'), 'utf8')) as {
    cookies: { name: string; value: string }[];
  };
  const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  const read = async () => (await fetch(`${appUrl()}/api/user`, { headers: { Cookie: cookie } })).status;
  const statuses = await Promise.all(Array.from({ length: 200 }, read));
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  expect(await Promise.all(Array.from({ length: 3 }, read))).toEqual([200, 200, 200]);
});
