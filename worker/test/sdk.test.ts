// The typed SDK against the Worker: a script signs in without a browser and calls procedures as that member.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../sdk/index.ts';
import { BASE, GOOD_PASSWORD, json, register } from './helpers.ts';

const workerFetch = ((input: RequestInfo | URL, init?: RequestInit) =>
  exports.default.fetch(new Request(input, init))) as typeof fetch;

describe('typed SDK', () => {
  it('signs in, reads the current user, and signs out', async () => {
    const { name, response } = await register({ role: 'therapist' });
    const registered = await json(response);

    const client = createClient({ baseUrl: BASE, fetch: workerFetch });
    expect(await client.trpc.account.me.query()).toBeNull();

    const signedIn = await client.trpc.account.login.mutate({ name, password: GOOD_PASSWORD });
    expect(signedIn.id).toBe(registered.id);
    expect(client.sessionToken()).toMatch(/^[a-z0-9]+\.[a-z0-9]+$/);

    const me = await client.trpc.account.me.query();
    expect(me).toMatchObject({ id: registered.id, name, role: 'therapist' });

    // A second client resumes the same session from the token alone.
    const resumed = createClient({ baseUrl: BASE, fetch: workerFetch, sessionToken: client.sessionToken()! });
    expect((await resumed.trpc.account.me.query())?.id).toBe(registered.id);

    await client.trpc.account.logout.mutate();
    expect(client.sessionToken()).toBeNull();
    expect(await resumed.trpc.account.me.query()).toBeNull();
  });

  it('surfaces the server message on failure', async () => {
    const client = createClient({ baseUrl: BASE, fetch: workerFetch });
    await expect(client.trpc.account.login.mutate({ name: 'No Such Member', password: GOOD_PASSWORD })).rejects.toThrow(
      'Invalid name or password.',
    );
  });
});
