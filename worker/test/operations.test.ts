// What an operator reads (docs/operations.md): the health check's version and migration level, every answer's
// request id (Cloudflare's Ray ID when there is one), log lines as JSON carrying it, and unexpected errors sent to
// Sentry when SENTRY_DSN is set (Sentry's envelope endpoint is a local stand-in, scripts/provider-stand-ins.ts). An
// unexpected error is a database that answers nonsense: the stand-in named as TURSO_DATABASE_URL.
import { afterEach, describe, expect, it, vi } from 'vitest';
import journal from '../../db/migrations/meta/_journal.json' with { type: 'json' };
import packageJson from '../../package.json' with { type: 'json' };
import { call, configuredWorker, json, standIns } from './helpers.ts';
import { createMember } from './members.ts';

afterEach(() => vi.restoreAllMocks());

describe('GET /api/health', () => {
  it('says which version answers and that the database has every migration it was built with', async () => {
    const response = await call('/api/health');
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({
      status: 'ok',
      database: 'ok',
      version: packageJson.version,
      migrations: {
        applied: journal.entries.length,
        expected: journal.entries.length,
        latest: journal.entries.at(-1)!.tag,
        upToDate: true,
      },
    });
  });
});

describe('request ids and log lines', () => {
  it("answers every request with an id, Cloudflare's Ray ID where there is one", async () => {
    const first = await call('/api/health');
    const second = await call('/api/health');
    expect(first.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get('X-Request-Id')).not.toBe(first.headers.get('X-Request-Id'));
    const ray = await call('/api/user', { headers: { 'cf-ray': '8f1c2d3e4a5b6c7d-MNL' } });
    expect(ray.headers.get('X-Request-Id')).toBe('8f1c2d3e4a5b6c7d-MNL');
  });

  it('writes an unexpected error as one JSON line with the request id, its message and stack, and answers without them', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void lines.push(String(line)));
    const member = await createMember('client');
    const broken = configuredWorker({ TURSO_DATABASE_URL: standIns.url });
    const response = await broken.call('/api/user', {
      cookie: member.cookie,
      headers: { 'cf-ray': '8f1c2d3e4a5b6c7e-MNL' },
    });
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).not.toContain('nonsense');
    const logged = lines.map(
      (line) => JSON.parse(line) as { level: string; message: string; requestId: string; error: { stack?: string } },
    );
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'unexpected error', requestId: '8f1c2d3e4a5b6c7e-MNL' }),
    );
    expect(logged.find((line) => line.message === 'unexpected error')!.error.stack).toBeTruthy();
  });
});

describe('Sentry', () => {
  it('receives an unexpected error when SENTRY_DSN is set, and nothing for a refusal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const member = await createMember('client');
    await standIns.reset();
    const dsn = `${standIns.url.replace('http://', 'http://0123456789abcdef@')}/42`;
    const refusing = configuredWorker({ SENTRY_DSN: dsn });
    expect((await refusing.call('/api/user')).status).toBe(401);
    const broken = configuredWorker({ SENTRY_DSN: dsn, TURSO_DATABASE_URL: standIns.url });
    expect((await broken.call('/api/user', { cookie: member.cookie })).status).toBe(500);
    const envelopes = (await standIns.requests<string>()).filter((request) => request.path === '/api/42/envelope/');
    expect(envelopes).toHaveLength(1);
    const items = envelopes[0]!.body
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const event = items.find((item) => 'exception' in item) as {
      exception: { values: { type: string }[] };
      environment: string;
      release: string;
    };
    expect(event.exception.values.length).toBeGreaterThan(0);
    expect(event).toMatchObject({ environment: 'development', release: packageJson.version });
  });
});
