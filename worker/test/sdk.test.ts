// The typed SDK against the Worker: a script signs in without a browser and calls procedures as that member.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createClient, type ClientFrame, type ServerFrame } from '../../sdk/index.ts';
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

  it('opens the chat socket with the address and headers it provides', async () => {
    const { name } = await register();
    const client = createClient({ baseUrl: BASE, fetch: workerFetch });
    const me = await client.trpc.account.login.mutate({ name, password: GOOD_PASSWORD });
    expect(client.chat.url).toBe('wss://spa.test/ws/chat');

    const response = await exports.default.fetch(
      new Request(client.chat.url.replace(/^ws/, 'http'), { headers: { ...client.chat.headers(), Upgrade: 'websocket' } }),
    );
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    socket.accept();
    const firstFrame = new Promise<ServerFrame>((resolve) =>
      socket.addEventListener('message', (event) => resolve(JSON.parse(event.data as string)), { once: true }),
    );
    socket.send(JSON.stringify({ type: 'join' } satisfies ClientFrame));
    const frame = await firstFrame;
    expect(frame.type === 'online-users-updated' && frame.users.some((user) => user.id === me.id)).toBe(true);
    socket.close();
  });

  it('surfaces the server message on failure', async () => {
    const client = createClient({ baseUrl: BASE, fetch: workerFetch });
    await expect(client.trpc.account.login.mutate({ name: 'No Such Member', password: GOOD_PASSWORD })).rejects.toThrow(
      'Invalid name or password.',
    );
  });
});
