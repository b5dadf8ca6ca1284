// The chat hub through its public surface: WebSockets opened through the Worker's /ws/chat, and the chat
// tRPC procedures. Expiry is driven by the object's alarm after moving a deadline into the past; waking is
// driven by evicting the object while its sockets hibernate.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_ERRORS } from './protocol.ts';
import { ChatClient, createMember, hubStub, requestIdFor, upgrade, type TestMember } from '../worker/test/chat-client.ts';
import { call, database, json } from '../worker/test/helpers.ts';

const open: ChatClient[] = [];

async function connect(member: TestMember, options?: { join?: boolean }) {
  const client = await ChatClient.connect(member, options);
  open.push(client);
  return client;
}

async function members(count: number, options?: { premium?: boolean }) {
  return Promise.all(Array.from({ length: count }, () => createMember(options)));
}

afterEach(async () => {
  for (const client of open.splice(0)) client.close();
  // Let the hub handle the closes so the next test starts from a quiet hub.
  await new Promise((resolve) => setTimeout(resolve, 50));
});

/** Sends a request from `from` to `to` and waits until both sides have it. */
async function request(from: ChatClient, to: ChatClient) {
  const requestId = requestIdFor(from.member, to.member);
  from.send({ type: 'chat-request', recipientId: to.member.id, requestId });
  await from.next('chat-request-sent', (frame) => frame.requestId === requestId);
  const incoming = await to.next('incoming-chat-request', (frame) => frame.requestId === requestId);
  return { requestId, incoming };
}

/** Opens a session between two connected members and returns its id. */
async function startSession(from: ChatClient, to: ChatClient) {
  const { requestId } = await request(from, to);
  to.send({ type: 'accept-chat-request', requestId });
  const started = await from.next('chat-session-started');
  await to.next('chat-session-started', (frame) => frame.sessionId === started.sessionId);
  return started.sessionId;
}

async function error(client: ChatClient, code: keyof typeof CHAT_ERRORS) {
  const frame = await client.next('error');
  expect(frame.code).toBe(code);
  return frame;
}

async function storedState() {
  return runInDurableObject(hubStub(), (_instance, state) => ({
    pending: state.storage.sql.exec("SELECT id FROM requests WHERE status = 'pending'").toArray().map((row) => row.id as string),
    sessions: state.storage.sql.exec('SELECT id FROM sessions').toArray().map((row) => row.id as string),
  }));
}

function trpc(path: string, member: TestMember, input?: unknown) {
  return input === undefined ? call(`/trpc/${path}`, { cookie: member.cookie }) : call(`/trpc/${path}`, { body: input, cookie: member.cookie });
}

describe('connecting', () => {
  it('refuses a socket without a session (401), from a foreign origin (403) and without an upgrade (426)', async () => {
    const [member] = await members(1);
    expect((await upgrade({ cookie: null })).status).toBe(401);
    expect((await upgrade({ cookie: `${member!.cookie}x` })).status).toBe(401);
    expect((await upgrade({ cookie: member!.cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await upgrade({ cookie: member!.cookie, origin: null })).status).toBe(403);
    expect((await upgrade({ cookie: member!.cookie, upgradeHeader: null })).status).toBe(426);
    const accepted = await upgrade({ cookie: member!.cookie });
    expect(accepted.status).toBe(101);
    accepted.webSocket!.accept();
    accepted.webSocket!.close();
  });

  it('never lets a banned member in', async () => {
    const [member] = await members(1);
    await database().execute({ sql: 'update users set is_banned = 1 where id = ?', args: [member!.id] });
    expect((await upgrade({ cookie: member!.cookie })).status).toBe(401);
  });
});

describe('presence', () => {
  it('lists each member once however many tabs they have, and drops them when the last tab closes', async () => {
    const [a, b] = await members(2);
    const alice = await connect(a!);
    const bobTab1 = await connect(b!);
    const bobTab2 = await connect(b!);
    const list = await alice.next('online-users-updated', (frame) => frame.users.some((user) => user.id === b!.id));
    expect(list.users.filter((user) => user.id === b!.id)).toEqual([{ id: b!.id, name: b!.name, role: 'client', memberNumber: b!.memberNumber }]);

    bobTab1.close();
    bobTab2.send({ type: 'join' });
    const stillThere = await bobTab2.next('online-users-updated');
    expect(stillThere.users.some((user) => user.id === b!.id)).toBe(true);

    bobTab2.close();
    await alice.next('online-users-updated', (frame) => !frame.users.some((user) => user.id === b!.id));
  });

  it('ignores the userId a client puts in join', async () => {
    const [a, b] = await members(2);
    const alice = await connect(a!);
    const mallory = await connect(b!, { join: false });
    mallory.send({ type: 'join', userId: a!.id });
    await mallory.next('online-users-updated');
    // Requests still go out in Mallory's own name.
    await request(mallory, alice);
    const incoming = alice.received.find((frame) => frame.type === 'incoming-chat-request');
    expect(incoming).toMatchObject({ requesterId: b!.id, requesterName: b!.name });
  });
});

describe('chat requests', () => {
  it('accepts: the requester hears accepted, both get the session, messages and typing reach only the two', async () => {
    const [a, b, c] = await members(3);
    const alice = await connect(a!);
    const bob = await connect(b!);
    const carol = await connect(c!);
    const { requestId, incoming } = await request(alice, bob);
    expect(incoming).toMatchObject({ requesterId: a!.id, requesterName: a!.name, remainingTime: 30 });

    bob.send({ type: 'accept-chat-request', requestId });
    const accepted = await alice.next('chat-request-accepted');
    expect(accepted).toMatchObject({ requestId, participantId: b!.id });
    const aliceStarted = await alice.next('chat-session-started');
    const bobStarted = await bob.next('chat-session-started');
    expect(aliceStarted).toMatchObject({ sessionId: accepted.sessionId, participantId: b!.id, participantName: b!.name });
    expect(bobStarted).toMatchObject({ sessionId: accepted.sessionId, participantId: a!.id, participantName: a!.name });

    alice.send({ type: 'typing-start', sessionId: accepted.sessionId });
    expect(await bob.next('typing-start')).toEqual({ type: 'typing-start', sessionId: accepted.sessionId, userId: a!.id });
    alice.send({ type: 'send-message', sessionId: accepted.sessionId, content: '  Kumusta?  ' });
    const atBob = await bob.next('new-message');
    const atAlice = await alice.next('new-message');
    expect(atBob.message).toMatchObject({ sessionId: accepted.sessionId, senderId: a!.id, senderName: a!.name, content: 'Kumusta?' });
    expect(atAlice.message).toEqual(atBob.message);
    alice.send({ type: 'typing-stop', sessionId: accepted.sessionId });
    await bob.next('typing-stop');

    // Carol is online the whole time and hears none of it; Alice never hears her own typing.
    await carol.barrier();
    await alice.barrier();
    expect(carol.received.filter((frame) => !['online-users-updated', 'error'].includes(frame.type))).toEqual([]);
    expect(alice.received.some((frame) => frame.type === 'typing-start' || frame.type === 'typing-stop')).toBe(false);

    // Carol cannot write into, type into or end a session she is not part of.
    carol.send({ type: 'send-message', sessionId: accepted.sessionId, content: 'hello' });
    await error(carol, 'session_not_found');
    carol.send({ type: 'end-chat-session', sessionId: accepted.sessionId });
    await error(carol, 'session_not_found');
    expect((await storedState()).sessions).toContain(accepted.sessionId);

    bob.send({ type: 'end-chat-session', sessionId: accepted.sessionId });
    expect(await alice.next('chat-session-ended')).toEqual({ type: 'chat-session-ended', sessionId: accepted.sessionId });
    await bob.next('chat-session-ended');
    alice.send({ type: 'send-message', sessionId: accepted.sessionId, content: 'still there?' });
    await error(alice, 'session_not_found');
    expect((await storedState()).sessions).not.toContain(accepted.sessionId);
  });

  it('rejects and cancels: only the recipient rejects or accepts, only the requester cancels', async () => {
    const [a, b] = await members(2);
    const alice = await connect(a!);
    const bob = await connect(b!);

    const first = await request(alice, bob);
    alice.send({ type: 'accept-chat-request', requestId: first.requestId });
    await error(alice, 'request_not_found');
    alice.send({ type: 'reject-chat-request', requestId: first.requestId });
    await error(alice, 'request_not_found');
    bob.send({ type: 'reject-chat-request', requestId: first.requestId, requesterId: a!.id });
    expect(await alice.next('chat-request-rejected')).toEqual({ type: 'chat-request-rejected', requestId: first.requestId });
    bob.send({ type: 'accept-chat-request', requestId: first.requestId });
    await error(bob, 'request_not_found');

    const second = await request(alice, bob);
    bob.send({ type: 'cancel-chat-request', requestId: second.requestId });
    await error(bob, 'request_not_found');
    alice.send({ type: 'cancel-chat-request', requestId: second.requestId });
    expect(await bob.next('chat-request-cancelled')).toEqual({ type: 'chat-request-cancelled', requestId: second.requestId });
    expect((await storedState()).pending).not.toContain(second.requestId);
  });

  it('expires after 30 seconds through the alarm, on both sides, and frees the requester slot', async () => {
    const [a, b, c] = await members(3);
    const alice = await connect(a!);
    const bob = await connect(b!);
    const carol = await connect(c!);
    const { requestId } = await request(alice, bob);
    alice.send({ type: 'chat-request', recipientId: c!.id, requestId: requestIdFor(a!, c!) });
    await error(alice, 'request_limit');

    await runInDurableObject(hubStub(), (_instance, state) => {
      const deadline = state.storage.sql.exec<{ expires_at: number }>('SELECT expires_at FROM requests WHERE id = ?', requestId).one();
      expect(deadline.expires_at - Date.now()).toBeGreaterThan(28_000);
      state.storage.sql.exec('UPDATE requests SET expires_at = ? WHERE id = ?', Date.now() - 1, requestId);
    });
    expect(await runDurableObjectAlarm(hubStub())).toBe(true);
    expect(await alice.next('chat-request-expired')).toEqual({ type: 'chat-request-expired', requestId });
    expect(await bob.next('chat-request-expired')).toEqual({ type: 'chat-request-expired', requestId });

    bob.send({ type: 'accept-chat-request', requestId });
    await error(bob, 'request_not_found');
    await request(alice, carol);
  });

  it('holds a regular member to 1 outstanding request and a premium member to 3, with the spec texts', async () => {
    const [regular] = await members(1);
    const [premium] = await members(1, { premium: true });
    const others = await Promise.all((await members(4)).map((member) => connect(member)));
    const reg = await connect(regular!);
    const pre = await connect(premium!);

    await request(reg, others[0]!);
    reg.send({ type: 'chat-request', recipientId: others[1]!.member.id, requestId: requestIdFor(regular!, others[1]!.member) });
    expect((await error(reg, 'request_limit')).message).toBe(
      'Regular users can send 1 chat request at a time. Upgrade to Premium for 3 consecutive requests.',
    );

    for (const other of others.slice(0, 3)) await request(pre, other);
    pre.send({ type: 'chat-request', recipientId: others[3]!.member.id, requestId: requestIdFor(premium!, others[3]!.member) });
    expect((await error(pre, 'premium_request_limit')).message).toBe(
      'Premium users can send up to 3 consecutive chat requests. Please wait for responses or cancel existing requests.',
    );
    await others[3]!.barrier();
    expect(others[3]!.received.some((frame) => frame.type === 'incoming-chat-request')).toBe(false);
  });

  it('sends requests only to online members other than yourself, with ids in the spec format used once', async () => {
    const [a, b, d, offline] = await members(4);
    const alice = await connect(a!);
    const bob = await connect(b!);
    const dave = await connect(d!);
    alice.send({ type: 'chat-request', recipientId: a!.id, requestId: requestIdFor(a!, a!) });
    await error(alice, 'self_request');
    alice.send({ type: 'chat-request', recipientId: offline!.id, requestId: requestIdFor(a!, offline!) });
    await error(alice, 'recipient_offline');
    // Someone else's id, a stale timestamp, and ids not in the format.
    for (const requestId of [requestIdFor(a!, b!), requestIdFor(d!, b!, Date.now() - 120_000), 'hello', `${d!.id}-${b!.id}`]) {
      dave.send({ type: 'chat-request', recipientId: b!.id, requestId });
      await error(dave, 'invalid_request_id');
    }
    const { requestId } = await request(alice, bob);
    alice.send({ type: 'chat-request', recipientId: b!.id, requestId });
    await error(alice, 'invalid_request_id');
    alice.send({ type: 'cancel-chat-request', requestId });
    await alice.next('chat-request-cancelled');
    // A finished request's id is not accepted again either.
    alice.send({ type: 'chat-request', recipientId: b!.id, requestId });
    await error(alice, 'invalid_request_id');
    expect((await storedState()).pending).not.toContain(requestId);
  });

  it('ends sessions and requests of a member whose last socket closes', async () => {
    const [a, b, c] = await members(3);
    const alice = await connect(a!);
    const bob = await connect(b!);
    const carol = await connect(c!);
    const sessionId = await startSession(alice, bob);
    const { requestId } = await request(bob, carol);

    bob.close();
    expect(await alice.next('chat-session-ended')).toEqual({ type: 'chat-session-ended', sessionId });
    expect(await carol.next('chat-request-cancelled')).toEqual({ type: 'chat-request-cancelled', requestId });
    const state = await storedState();
    expect(state.sessions).not.toContain(sessionId);
    expect(state.pending).not.toContain(requestId);
  });
});

describe('bad input', () => {
  it('answers bad frames with an error frame and changes nothing', async () => {
    const [a, b] = await members(2);
    const alice = await connect(a!);
    const bob = await connect(b!);
    const sessionId = await startSession(alice, bob);
    const before = await storedState();

    alice.send('not json');
    await error(alice, 'invalid_frame');
    alice.send(JSON.stringify({ type: 'launch-missiles' }));
    await error(alice, 'invalid_frame');
    alice.send({ type: 'send-message', sessionId, content: '   ' });
    expect((await error(alice, 'message_invalid')).message).toBe('Messages cannot be empty.');
    alice.send({ type: 'send-message', sessionId, content: ` ${'a'.repeat(1001)} ` });
    expect((await error(alice, 'message_invalid')).message).toBe('Messages can be at most 1,000 characters.');
    alice.send({ type: 'send-message', sessionId, content: ` ${'a'.repeat(1000)} ` });
    expect((await bob.next('new-message')).message.content).toHaveLength(1000);

    expect(await storedState()).toEqual(before);
    await bob.barrier();
    expect(bob.received.filter((frame) => frame.type === 'new-message')).toHaveLength(1);
  });

  it('closes a socket that keeps sending bad frames, or floods, with 1008', async () => {
    const [a, b] = await members(2);
    const badSender = await connect(a!);
    for (let i = 0; i < 6; i += 1) badSender.send('{');
    expect((await badSender.closed).code).toBe(1008);

    const flooder = await connect(b!);
    for (let i = 0; i < 100; i += 1) flooder.send({ type: 'typing-stop', sessionId: 'none' });
    expect((await flooder.closed).code).toBe(1008);
  });

  it('rate limits messages per socket with an error frame', async () => {
    const [a, b] = await members(2);
    const alice = await connect(a!);
    const bob = await connect(b!);
    const sessionId = await startSession(alice, bob);
    for (let i = 0; i < 12; i += 1) alice.send({ type: 'send-message', sessionId, content: `message ${i}` });
    expect((await error(alice, 'rate_limited')).message).toBe(CHAT_ERRORS.rate_limited);
    await bob.barrier();
    expect(bob.drain('new-message').length).toBeLessThan(12);
  });
});

describe('blocks', () => {
  it('hides the two from each other, ends what is between them, survives reconnecting, and can be lifted', async () => {
    const [a, b] = await members(2);
    const alice = await connect(a!);
    const bob = await connect(b!);
    const sessionId = await startSession(alice, bob);

    expect((await trpc('chat.block', a!, { userId: a!.id })).status).toBe(400);
    expect((await trpc('chat.block', a!, { userId: 999_999_999 })).status).toBe(404);
    expect((await call('/trpc/chat.block', { body: { userId: b!.id } })).status).toBe(401);
    expect((await trpc('chat.block', a!, { userId: b!.id })).status).toBe(200);
    await alice.next('chat-session-ended', (frame) => frame.sessionId === sessionId);
    await bob.next('chat-session-ended', (frame) => frame.sessionId === sessionId);
    await bob.next('online-users-updated', (frame) => !frame.users.some((user) => user.id === a!.id));

    bob.send({ type: 'chat-request', recipientId: a!.id, requestId: requestIdFor(b!, a!) });
    await error(bob, 'recipient_offline');

    const blocks = await json(await trpc('chat.blocks', a!));
    expect(blocks.result.data).toEqual([{ id: b!.id, name: b!.name, role: 'client', memberNumber: b!.memberNumber, blockedAt: expect.any(Number) }]);
    // The blocked member does not learn who blocked them.
    expect((await json(await trpc('chat.blocks', b!))).result.data).toEqual([]);

    // Blocks live in the database: a fresh socket still hides them.
    bob.close();
    const bobAgain = await connect(b!);
    expect(bobAgain.received.find((frame) => frame.type === 'online-users-updated')).toSatisfy(
      (frame: { users: { id: number }[] }) => !frame.users.some((user) => user.id === a!.id),
    );

    expect((await trpc('chat.unblock', a!, { userId: b!.id })).status).toBe(200);
    await bobAgain.next('online-users-updated', (frame) => frame.users.some((user) => user.id === a!.id));
    await request(bobAgain, alice);
  });
});

describe('reports', () => {
  it('stores the reason and the last 20 messages, ends the chat, and lists reports for admins only', async () => {
    const [a, b] = await members(2);
    const [admin] = await Promise.all([createMember({ role: 'admin' })]);
    const alice = await connect(a!);
    const bob = await connect(b!);
    const sessionId = await startSession(alice, bob);
    // Four tabs share the sending so no socket reaches its message rate limit.
    const senders = [bob, alice, await connect(b!), await connect(a!)];
    for (let i = 1; i <= 22; i += 1) {
      const sender = senders[i % senders.length]!;
      sender.send({ type: 'send-message', sessionId, content: `line ${i}` });
      await alice.next('new-message', (frame) => frame.message.content === `line ${i}`);
    }

    expect((await trpc('chat.report', a!, { sessionId, reason: '   ' })).status).toBe(400);
    const [other] = await members(1);
    expect((await trpc('chat.report', other!, { sessionId, reason: 'not my chat' })).status).toBe(404);
    const reported = await trpc('chat.report', a!, { sessionId, reason: '  Rude and threatening  ' });
    expect(reported.status).toBe(200);
    await bob.next('chat-session-ended', (frame) => frame.sessionId === sessionId);

    expect((await trpc('chat.reports', a!)).status).toBe(403);
    const reportId = (await json(reported)).result.data.id;
    const reports = (await json(await trpc('chat.reports', admin!))).result.data as any[];
    const report = reports.find((entry) => entry.id === reportId);
    expect(report).toMatchObject({ reason: 'Rude and threatening', reporter: { id: a!.id }, reported: { id: b!.id } });
    expect(report.messages.map((message: { content: string }) => message.content)).toEqual(
      Array.from({ length: 20 }, (_, index) => `line ${index + 3}`),
    );
    // Once the chat has ended there is nothing left to report.
    expect((await trpc('chat.report', a!, { sessionId, reason: 'again' })).status).toBe(404);
  });
});

describe('waking', () => {
  it('keeps presence, pending requests and sessions when the object is evicted and wakes again', async () => {
    const [a, b, c] = await members(3);
    const alice = await connect(a!);
    const bob = await connect(b!);
    const carol = await connect(c!);
    const sessionId = await startSession(alice, bob);
    const { requestId } = await request(carol, alice);

    await evictDurableObject(hubStub());

    const [d] = await members(1);
    const dave = await connect(d!);
    const list = dave.received.find((frame) => frame.type === 'online-users-updated')!;
    expect(list.type === 'online-users-updated' && list.users.map((user) => user.id)).toEqual(
      expect.arrayContaining([a!.id, b!.id, c!.id, d!.id]),
    );
    alice.send({ type: 'send-message', sessionId, content: 'after the nap' });
    expect((await bob.next('new-message')).message.content).toBe('after the nap');
    alice.send({ type: 'accept-chat-request', requestId });
    await carol.next('chat-request-accepted', (frame) => frame.requestId === requestId);
  });
});
