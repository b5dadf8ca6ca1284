// Shared caching of API answers (ADR 018): an answer is public only when every call it carries is public, none
// failed, and nothing set a cookie. A batch that mixes a public board with the member's own account, or a public
// read whose session lookup refreshed the cookie, is `private, no-store`.
import { describe, expect, it } from 'vitest';
import { call, database, json, sessionCookieFrom, type TrpcResult } from './helpers.ts';
import { createMember } from './members.ts';

const PRIVATE = 'private, no-store';
const PUBLIC = /^public, max-age=0, s-maxage=\d+, must-revalidate$/;

const batchInput = (...inputs: unknown[]) =>
  `input=${encodeURIComponent(JSON.stringify(Object.fromEntries(inputs.map((input, index) => [index, input]))))}`;
const summaryAndBoard = `/trpc/leaderboards.summary,leaderboards.board?batch=1&${batchInput(
  { timeframe: 'monthly' },
  { board: 'therapists', timeframe: 'monthly' },
)}`;

/** Makes the member's session due its activity refresh, so the next signed-in request sets the cookie again. */
async function makeSessionDueRefresh(cookie: string): Promise<void> {
  const sessionId = cookie.split('=')[1]!.split('.')[0]!;
  await database().execute({
    sql: 'UPDATE sessions SET last_active_at = ? WHERE id = ?',
    args: [Date.now() - 2 * 24 * 60 * 60 * 1000, sessionId],
  });
}

describe('shared caching of API answers', () => {
  it('marks a batch of public boards public, signed out and signed in', async () => {
    const { cookie } = await createMember();
    for (const who of [null, cookie]) {
      const response = await call(summaryAndBoard, { cookie: who });
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toMatch(PUBLIC);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("marks a batch that carries the member's own account private, whatever else it carries", async () => {
    const { cookie } = await createMember();
    const response = await call(
      `/trpc/leaderboards.summary,leaderboards.board,account.me?batch=1&${batchInput(
        { timeframe: 'monthly' },
        { board: 'therapists', timeframe: 'monthly' },
        undefined,
      )}`,
      { cookie },
    );
    expect(response.status).toBe(200);
    const answers =
      await json<[TrpcResult<'leaderboards.summary'>, TrpcResult<'leaderboards.board'>, TrpcResult<'account.me'>]>(
        response,
      );
    expect(answers).toHaveLength(3);
    expect(answers[2]!.result.data).toMatchObject({ role: 'client' });
    expect(response.headers.get('Cache-Control')).toBe(PRIVATE);
  });

  it('marks a batch private when one of its public calls fails', async () => {
    const response = await call(
      `/trpc/leaderboards.summary,leaderboards.board?batch=1&${batchInput({ timeframe: 'monthly' }, { board: 'no-such-board' })}`,
    );
    expect(response.headers.get('Cache-Control')).toBe(PRIVATE);
  });

  it('marks a public read private when the session lookup beside it refreshes the cookie', async () => {
    const { cookie } = await createMember();
    // A batch whose only call needs the session: the refresh sets the cookie.
    await makeSessionDueRefresh(cookie);
    const refreshed = await call(
      `/trpc/leaderboards.board,account.me?batch=1&${batchInput({ board: 'therapists', timeframe: 'monthly' }, undefined)}`,
      { cookie },
    );
    expect(sessionCookieFrom(refreshed)).not.toBeNull();
    expect(refreshed.headers.get('Cache-Control')).toBe(PRIVATE);
    // Problem Clients rides with the session lookup: when that refreshes, the board is private too.
    const spa = await createMember('spa_management');
    await makeSessionDueRefresh(spa.cookie);
    const problems = await call(
      `/trpc/leaderboards.board?batch=1&${batchInput({ board: 'problems', timeframe: 'monthly' })}`,
      {
        cookie: spa.cookie,
      },
    );
    expect(problems.status).toBe(200);
    expect(sessionCookieFrom(problems)).not.toBeNull();
    expect(problems.headers.get('Cache-Control')).toBe(PRIVATE);
  });

  it('answers REST the same way: public boards and the map listing public, everything about a member private', async () => {
    const { cookie } = await createMember();
    for (const path of ['/api/leaderboards?timeframe=weekly', '/api/leaderboards/stars', '/api/leaderboards/summary']) {
      for (const who of [null, cookie]) {
        const response = await call(path, { cookie: who });
        expect(response.status, path).toBe(200);
        expect(response.headers.get('Cache-Control'), path).toMatch(PUBLIC);
      }
    }
    const listing = await call('/api/users?role=spa_management', { cookie });
    expect(listing.status).toBe(200);
    expect(listing.headers.get('Cache-Control')).toMatch(PUBLIC);
    for (const path of ['/api/user', '/api/leaderboards/problems', '/api/users?role=client', '/api/does-not-exist']) {
      const response = await call(path, { cookie });
      expect(response.headers.get('Cache-Control'), path).toBe(PRIVATE);
    }
  });
});
