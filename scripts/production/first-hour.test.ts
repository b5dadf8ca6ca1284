// The production configuration, booted as the deploy steps leave it (docs/deploying.md): `wrangler.toml` as it is
// (ENVIRONMENT = "production", its rate limiters, R2, Images and the Durable Objects, as `wrangler dev` simulates
// them), only the settings the steps name (TURSO_DATABASE_URL, TURSO_AUTH_TOKEN, ALTCHA_HMAC_KEY and APP_URL), on
// Turso's own server (sqld), migrated by `npm run db:migrate` and given its first admin by `npm run admin`. Then a
// member's first hour through it, over HTTP and WebSockets as a browser would: registering with the captcha at its
// production strength, the first admin signing in, a spa with its photo, a review with a star, the map's listing,
// a chat, a password reset request, and the REST contract with its docs page.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startSqld, type SqldServer } from '../../db/sqld.ts';
import { JPEG_400 } from '../../worker/test/fixtures/images.ts';
import { startWranglerDev, type WranglerDev } from '../app.ts';

const run = promisify(execFile);
const ADMIN = { name: 'First Admin', password: 'a-production-admin-2026' };
const PASSWORD = 'hilot-and-ventosa-2026';

let dataDir: string;
let database: SqldServer;
let app: WranglerDev;
let origin: string;

/** A browser's side of the site: its session cookie, and the Origin every state-changing request carries. */
class Visitor {
  cookie = '';

  async call(path: string, init: { method?: string; body?: unknown; form?: FormData } = {}): Promise<Response> {
    const headers = new Headers({ Origin: origin });
    if (this.cookie) headers.set('Cookie', this.cookie);
    let body: BodyInit | undefined;
    if (init.form) body = init.form;
    else if (init.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.body);
    }
    const response = await fetch(`${origin}${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
    const session = response.headers.getSetCookie().find((cookie) => /^(?:__Host-)?session=/.test(cookie));
    if (session) this.cookie = session.split(';')[0]!;
    return response;
  }

  async json<T>(path: string, init?: Parameters<Visitor['call']>[1]): Promise<T> {
    const response = await this.call(path, init);
    const text = await response.text();
    if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  /** Registers through the form's own calls: the captcha's challenge, solved as the widget solves it, then the account. */
  async register(name: string, role: 'client' | 'therapist' | 'spa_management') {
    const challenge = await this.json<Challenge>('/api/captcha/challenge');
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('the captcha could not be solved');
    const recaptchaToken = btoa(JSON.stringify({ challenge, solution }));
    return this.json<{ id: number; name: string; role: string }>('/api/register', {
      body: { name, password: PASSWORD, ageConfirmation: true, recaptchaToken, role },
    });
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'spa-production-'));
  database = await startSqld({ dataDir });
  const deployEnv = { ...process.env, TURSO_DATABASE_URL: database.url, TURSO_AUTH_TOKEN: database.authToken };
  // The deploy steps' own commands.
  await run(process.execPath, ['scripts/launch.mjs', 'migrate'], { env: deployEnv });
  await run(process.execPath, ['scripts/launch.mjs', 'admin', ADMIN.name], {
    env: { ...deployEnv, ADMIN_PASSWORD: ADMIN.password },
  });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  app = await startWranglerDev({
    port,
    persistTo: join(dataDir, 'wrangler'),
    vars: { APP_URL: origin },
    secrets: {
      TURSO_DATABASE_URL: database.url,
      TURSO_AUTH_TOKEN: database.authToken,
      ALTCHA_HMAC_KEY: 'a-production-altcha-key-made-for-this-run',
    },
    readyPath: '/api/health',
  });
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a member's first hour on the production configuration", () => {
  const spaOwner = new Visitor();
  const admin = new Visitor();
  const client = new Visitor();
  let owner: { id: number; name: string };
  let spaId: number;

  it('is production: development defaults are off and the health check reaches the database', async () => {
    const health = await fetch(`${origin}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
    // The local mailbox exists only in development without a mail provider.
    expect((await fetch(`${origin}/api/dev/mail`)).status).toBe(404);
  });

  it('registers a spa with the captcha at its production strength, and places it on the map', async () => {
    owner = await spaOwner.register('Kalinaw Day Spa', 'spa_management');
    expect(owner).toMatchObject({ name: 'Kalinaw Day Spa', role: 'spa_management' });
    await spaOwner.json('/api/profile/address', {
      method: 'PATCH',
      body: { address: 'Kapitolyo, Pasig, Metro Manila', latitude: 14.5715, longitude: 121.0614 },
    });
  });

  it('signs the first admin in, who creates a spa listing with its photo', async () => {
    const me = await admin.json<{ role: string }>('/api/login', { body: ADMIN });
    expect(me.role).toBe('admin');
    const created = await admin.json<{ id: number }>('/api/spas', {
      body: {
        name: 'Kalinaw Day Spa',
        address: 'Kapitolyo, Pasig, Metro Manila',
        latitude: 14.5715,
        longitude: 121.0614,
        ownerUserId: owner.id,
      },
    });
    spaId = created.id;
    const form = new FormData();
    form.append('spaImage', new Blob([JPEG_400], { type: 'image/jpeg' }), 'spa.jpg');
    const uploaded = await admin.json<{ imageUrl: string }>(`/api/spas/${spaId}/upload-image`, { form });
    const photo = await fetch(`${origin}${uploaded.imageUrl}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('Content-Type')).toBe('image/jpeg');
  });

  it('lets a new client review the spa with a star, and the map lists it with its rating', async () => {
    await client.register('Bea Santos', 'client');
    await client.json('/api/user-reviews', {
      body: {
        targetUserId: owner.id,
        reviewText: 'Clean rooms and a calm therapist. The hilot was just right.',
        ambienceRating: 9,
        amenitiesRating: 8,
        bookingRating: 9,
        selectionRating: 8,
        giveStar: true,
      },
    });
    const stats = await client.json<{ starStats: { received: number }; reviews: unknown[] }>(
      `/api/users/${owner.id}/profile-stats`,
    );
    expect(stats.starStats.received).toBe(1);
    expect(stats.reviews).toHaveLength(1);
    const listing = await client.json<{ id: number; name: string; reviewCount: number }[]>(
      '/api/users?role=spa_management',
    );
    expect(listing.find((spa) => spa.id === owner.id)).toMatchObject({ name: 'Kalinaw Day Spa', reviewCount: 1 });
  });

  it("carries a chat between the two over the spec's protocol on /ws/chat", async () => {
    const socketOf = (visitor: Visitor) => {
      const socket = new WebSocket(`${origin.replace('http', 'ws')}/ws/chat`, {
        headers: { Origin: origin, Cookie: visitor.cookie },
      } as never);
      const frames: { type: string; [key: string]: unknown }[] = [];
      const waiting = new Set<() => void>();
      socket.addEventListener('message', (event) => {
        frames.push(JSON.parse(String(event.data)));
        for (const wake of waiting) wake();
      });
      const next = (type: string) =>
        new Promise<{ type: string; [key: string]: unknown }>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`no ${type} frame; got ${frames.map((frame) => frame.type).join(', ')}`)),
            10_000,
          );
          const look = () => {
            const index = frames.findIndex((frame) => frame.type === type);
            if (index < 0) return;
            waiting.delete(look);
            clearTimeout(timer);
            resolve(frames.splice(index, 1)[0]!);
          };
          waiting.add(look);
          look();
        });
      const opened = new Promise<void>((resolve, reject) => {
        socket.addEventListener('open', () => resolve(), { once: true });
        socket.addEventListener('error', () => reject(new Error('the chat socket did not open')), { once: true });
      });
      return { socket, next, opened, send: (frame: object) => socket.send(JSON.stringify(frame)) };
    };
    const guest = socketOf(client);
    const host = socketOf(spaOwner);
    await Promise.all([guest.opened, host.opened]);
    guest.send({ type: 'join' });
    host.send({ type: 'join' });
    await Promise.all([guest.next('joined'), host.next('joined')]);
    const me = await client.json<{ id: number }>('/api/user');
    const requestId = `${me.id}-${owner.id}-${Date.now()}`;
    guest.send({ type: 'chat-request', recipientId: owner.id, requestId });
    await host.next('incoming-chat-request');
    host.send({ type: 'accept-chat-request', requestId });
    const started = await guest.next('chat-session-started');
    guest.send({ type: 'send-message', sessionId: started.sessionId, content: 'Do you take walk-ins today?' });
    const heard = await host.next('new-message');
    expect(heard.message).toMatchObject({ content: 'Do you take walk-ins today?', senderId: me.id });
    guest.socket.close();
    host.socket.close();
  });

  it('takes a password reset request', async () => {
    const visitor = new Visitor();
    const answer = await visitor.json<{ success: boolean; message: string }>('/api/forgot-password', {
      body: { nameOrEmail: 'Bea Santos' },
    });
    expect(answer.success).toBe(true);
  });

  it("publishes its REST contract, in which Redocly's recommended rules find no error, and the page showing it", async () => {
    const visitor = new Visitor();
    const source = await (await visitor.call('/api/openapi.json')).text();
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: `${origin}/api/openapi.json`, config });
    const found = (severity: string) =>
      problems
        .filter((problem) => problem.severity === severity)
        .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(found('error')).toEqual([]);
    // The warnings are true: the product is under no licence (UNLICENSED, as the SDK's package says), the health check
    // and the premium page answer no 4xx (200, or a 5xx), and the browser's sign-out link answers only its redirect.
    expect(found('warn').map((problem) => problem.replace(/: .* at /, ' at '))).toEqual([
      'info-license at #/info',
      'operation-4xx-response at #/paths/~1api~1health/get/responses',
      'operation-2xx-response at #/paths/~1api~1logout/get/responses',
      'operation-4xx-response at #/paths/~1api~1logout/get/responses',
      'operation-4xx-response at #/paths/~1api~1premium/get/responses',
    ]);
    const page = await visitor.call('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    const script = /<script src="(\/assets\/swagger-ui-[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await visitor.call(script!)).status).toBe(200);
  });
});
