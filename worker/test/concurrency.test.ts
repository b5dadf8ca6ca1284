// Bursts: many requests at once each reach the database through their own client. A client shared across
// requests queues queries beyond its concurrency limit and resumes them from another request's context,
// which workerd cancels as hung (found by bench/chat.ts opening sockets in bulk).
import { expect, it } from 'vitest';
import { call } from './helpers.ts';
import { createMember } from './members.ts';

it('answers a burst of 60 signed-in reads at once, and the next request after it', async () => {
  const { cookie } = await createMember();
  const statuses = await Promise.all(Array.from({ length: 60 }, async () => (await call('/api/user', { cookie })).status));
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  expect((await call('/api/user', { cookie })).status).toBe(200);
});
