// The chat hub and the chat sessions' own objects through their public surface: WebSockets opened through the
// Worker's /ws/chat and /ws/chat/session/{id}, and the chat tRPC procedures. Expiry and the end of a grace
// period are driven by the hub's alarm after moving a deadline into the past; waking is driven by evicting an
// object while its sockets hibernate.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../common/account.ts';
import { CHAT_RECONNECT_GRACE_MS, CHAT_SOCKETS_PER_MEMBER } from '../common/limits.ts';
import {
  CHAT_ERRORS,
  CLOSE_CHAT_ENDED,
  CLOSE_POLICY_VIOLATION,
  CLOSE_SESSION_ENDED,
  CLOSE_TOO_LARGE,
  MAX_FRAME_BYTES,
  type ServerFrame,
} from '../common/chat-protocol.ts';
import { HubSockets, SOCKETS_PER_TURN } from './hub-sockets.ts';
import { FLOOD_COOL_DOWN_MS, SocketPolicy, floodsIn } from './socket-policy.ts';
import { ChatClient, hubStub, requestIdFor, sessionStub, sessionUpgrade, upgrade } from '../worker/test/chat-client.ts';
import {
  call,
  database,
  freshIp,
  GOOD_PASSWORD,
  json,
  pipelinesServed,
  sessionCookieFrom,
  untilLimited,
  type TrpcResult,
} from '../worker/test/helpers.ts';
import { createMember, createMembers, type TestMember, withSession } from '../worker/test/members.ts';

const open: ChatClient[] = [];

async function connect(member: TestMember, options?: Parameters<typeof ChatClient.connect>[1]) {
  const client = await ChatClient.connect(member, options);
  open.push(client);
  return client;
}

/**
 * Members written in bulk with a session, as this file has always made them: a registration holds the isolate
 * while it hashes a password, which would shift the hub's timers under these tests.
 */
async function members(count: number, options?: { premium?: boolean; role?: 'admin' }) {
  return createMembers(
    Array.from({ length: count }, () => ({ ...options })),
    { inBulk: true },
  );
}

afterEach(async () => {
  for (const client of open.splice(0)) client.close();
  // Let the hub handle the closes, then end the grace periods they began: the next test starts from a quiet hub,
  // and no member of this one leaves in the middle of it (on a busy machine the closes can take seconds).
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if ((await runInDurableObject(hubStub(), (_instance, state) => state.getWebSockets().length)) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await quietHub();
});

/** Sends a request from `from` to `to` and waits until both sides have it. */
async function request(from: ChatClient, to: ChatClient) {
  const requestId = requestIdFor(from.member, to.member);
  from.send({ type: 'chat-request', recipientId: to.member.id, requestId });
  await from.next('chat-request-sent', (frame) => frame.requestId === requestId);
  const incoming = await to.next('incoming-chat-request', (frame) => frame.requestId === requestId);
  return { requestId, incoming };
}

/** Opens a session between two connected members and returns its id once both have its socket open. */
async function startSession(from: ChatClient, to: ChatClient) {
  const { requestId } = await request(from, to);
  to.send({ type: 'accept-chat-request', requestId });
  const started = await from.next('chat-session-started');
  await to.next('chat-session-started', (frame) => frame.sessionId === started.sessionId);
  await from.sessionReady(started.sessionId);
  await to.sessionReady(started.sessionId);
  return started.sessionId;
}

async function error(client: ChatClient, code: keyof typeof CHAT_ERRORS) {
  const frame = await client.next('error');
  expect(frame.code).toBe(code);
  return frame;
}

async function storedState() {
  return runInDurableObject(hubStub(), (_instance, state) => ({
    pending: state.storage.sql
      .exec("SELECT id FROM requests WHERE status = 'pending'")
      .toArray()
      .map((row) => row.id as string),
    sessions: state.storage.sql
      .exec('SELECT id FROM sessions')
      .toArray()
      .map((row) => row.id as string),
  }));
}

/** Waits until a condition holds (an object handles a close in its own time). */
async function until(condition: () => boolean | Promise<boolean>, what = 'the condition') {
  for (let attempt = 0; attempt < 80; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${what} never held`);
}

/** Reads until `read` gives a value: what an object sets in its own time (a close handled, an alarm that ran). */
async function once<T>(read: () => Promise<T | null>, what: string): Promise<T> {
  let value: T | null = null;
  await until(async () => (value = await read()) !== null, what);
  return value!;
}

/** Waits until the hub counts the member as away (their last socket's close has been handled). */
function awayUntil(member: TestMember): Promise<number> {
  return once(
    () =>
      runInDurableObject(
        hubStub(),
        (_instance, state) =>
          state.storage.sql.exec<{ until: number }>('SELECT until FROM away WHERE user_id = ?', member.id).toArray()[0]
            ?.until ?? null,
      ),
    `${member.name} being away`,
  );
}

/** The hub's alarm, read again while one runs: a running alarm reads as unset until it sets the next. */
function hubAlarm(): Promise<number> {
  return once(
    () => runInDurableObject(hubStub(), (_instance, state) => state.storage.getAlarm()),
    'the hub having an alarm set',
  );
}

/**
 * Ends the grace period of the members away now, as the alarm does once its 30 seconds are over. The hub's alarm is
 * set (for the end of the grace period, or sooner for a presence broadcast due); it is run now, unless that sooner
 * one came first on a slow machine and ended the grace periods itself. Either way nobody is left away.
 */
async function endGracePeriods() {
  await hubAlarm();
  await runInDurableObject(hubStub(), (_instance, state) => {
    state.storage.sql.exec('UPDATE away SET until = ?', Date.now() - 1);
  });
  await runDurableObjectAlarm(hubStub());
  const stillAway = await runInDurableObject(hubStub(), (_instance, state) =>
    state.storage.sql.exec('SELECT user_id FROM away').toArray(),
  );
  expect(stillAway).toEqual([]);
}

/**
 * A quiet hub: everyone away leaves now and the presence broadcast waiting, if any, goes out, so that nobody
 * else's coming and going lands in the middle of a test that counts presence frames.
 */
async function quietHub() {
  await runInDurableObject(hubStub(), (_instance, state) => {
    state.storage.sql.exec('UPDATE away SET until = ?', Date.now() - 1);
    state.storage.sql.exec("UPDATE meta SET value = ? WHERE key = 'presence_due'", Date.now() - 1);
  });
  await runDurableObjectAlarm(hubStub());
}

/**
 * Records every statement the hub's storage runs from now on; the function returned stops recording and answers
 * them. The objects run in the tests' isolate, and every SqlStorage shares one prototype.
 */
async function recordHubStatements(): Promise<() => Promise<string[]>> {
  type Exec = (this: SqlStorage, query: string, ...bindings: unknown[]) => unknown;
  type Recording = { prototype: { exec: Exec }; exec: Exec; seen: string[] };
  const store = globalThis as { hubStatements?: Recording };
  await runInDurableObject(hubStub(), (_instance, state) => {
    const prototype = Object.getPrototypeOf(state.storage.sql) as { exec: Exec };
    const recording: Recording = { prototype, exec: prototype.exec, seen: [] };
    store.hubStatements = recording;
    prototype.exec = function (query, ...bindings) {
      recording.seen.push(query);
      return recording.exec.call(this, query, ...bindings);
    };
  });
  return () =>
    runInDurableObject(hubStub(), () => {
      const recording = store.hubStatements!;
      recording.prototype.exec = recording.exec;
      delete store.hubStatements;
      return recording.seen;
    });
}

/** How many presence broadcasts the hub has sent. */
async function broadcasts(): Promise<number> {
  return runInDurableObject(
    hubStub(),
    (_instance, state) =>
      state.storage.sql.exec<{ value: number }>("SELECT value FROM meta WHERE key = 'presence_seq'").toArray()[0]
        ?.value ?? 0,
  );
}

/** The presence frames a client has received and not yet read. */
async function presenceFrames(client: ChatClient) {
  await client.barrier();
  return [...client.drain('online-users-updated'), ...client.drain('online-users-changed')];
}

function entry(member: TestMember) {
  return { id: member.id, name: member.name, role: member.role, memberNumber: member.memberNumber };
}

function trpc(path: string, member: TestMember, input?: unknown) {
  return input === undefined
    ? call(`/trpc/${path}`, { cookie: member.cookie })
    : call(`/trpc/${path}`, { body: input, cookie: member.cookie });
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

  it("opens a hub socket with one database round trip: the session and the member's blocks are read together", async () => {
    const [a, b] = await members(2);
    await connect(a!);
    expect((await trpc('chat.block', a!, { userId: b!.id })).status).toBe(200);
    const before = await pipelinesServed();
    const bob = await connect(b!);
    expect((await pipelinesServed()) - before).toBe(1);
    // The block came with it: the one who blocked them is not on their list.
    const list = bob.received.find((frame) => frame.type === 'online-users-updated');
    const listed = list?.type === 'online-users-updated' ? list.users.map((user) => user.id) : [];
    expect(listed).toContain(b!.id);
    expect(listed).not.toContain(a!.id);
  });

  it('never lets a banned member in', async () => {
    const [member] = await members(1);
    await database().execute({ sql: 'update users set is_banned = 1 where id = ?', args: [member!.id] });
    expect((await upgrade({ cookie: member!.cookie })).status).toBe(401);
  });
});

describe('presence', () => {
  it('lists each member once however many tabs they have, and drops them when their last tab has been gone for the grace period', async () => {
    const [a, b, c] = await members(3);
    const alice = await connect(a!);
    const bobTab1 = await connect(b!);
    const bobTab2 = await connect(b!);
    const list = await alice.next('online-users-updated', (frame) => frame.users.some((user) => user.id === b!.id));
    expect(list.users.filter((user) => user.id === b!.id)).toEqual([
      { id: b!.id, name: b!.name, role: 'client', memberNumber: b!.memberNumber },
    ]);

    bobTab1.close();
    const carol = await connect(c!);
    const stillThere = carol.received.find((frame) => frame.type === 'online-users-updated')!;
    expect(stillThere.type === 'online-users-updated' && stillThere.users.some((user) => user.id === b!.id)).toBe(true);

    // A reload or a dropped connection keeps Bob listed while he may come back; the alarm drops him after.
    bobTab2.close();
    await awayUntil(b!);
    const [d] = await members(1);
    const dave = await connect(d!);
    expect(dave.received.find((frame) => frame.type === 'online-users-updated')).toSatisfy(
      (frame: { users: { id: number }[] }) => frame.users.some((user) => user.id === b!.id),
    );
    await endGracePeriods();
    await alice.next('online-users-updated', (frame) => !frame.users.some((user) => user.id === b!.id));
  });

  it('sends a socket that asks for changes the whole list once, then only who came and who left', async () => {
    const [a, b, c] = await members(3);
    const watcher = await connect(a!, { presence: 'delta' });
    const spec = await connect(c!);
    await quietHub();
    await presenceFrames(watcher);
    await presenceFrames(spec);

    const bobTab = await connect(b!);
    await quietHub();
    expect(await watcher.next('online-users-changed')).toEqual({
      type: 'online-users-changed',
      joined: [entry(b!)],
      left: [],
    });
    // A socket that did not ask gets the spec's whole list, as always.
    expect((await spec.next('online-users-updated')).users).toContainEqual(entry(b!));
    expect(watcher.users).toEqual(spec.users);

    // Bob's second tab and its closing, and his reload within the grace period, cost nobody a frame.
    const before = await broadcasts();
    const secondTab = await connect(b!, { presence: 'delta' });
    secondTab.close();
    bobTab.close(1001);
    await awayUntil(b!);
    const reloaded = await connect(b!, { presence: 'delta' });
    await quietHub();
    expect(await presenceFrames(watcher)).toEqual([]);
    expect(await presenceFrames(spec)).toEqual([]);
    expect(await broadcasts()).toBe(before);

    // Leaving for longer than the grace period is a change: Bob's id alone.
    reloaded.close(1001);
    await awayUntil(b!);
    await quietHub();
    expect(await watcher.next('online-users-changed')).toEqual({
      type: 'online-users-changed',
      joined: [],
      left: [b!.id],
    });
    expect((await spec.next('online-users-updated')).users).not.toContainEqual(entry(b!));
    expect(watcher.users).toEqual(spec.users);
    expect(watcher.received.filter((frame) => frame.type === 'online-users-updated').length).toBeLessThanOrEqual(2);
  });

  it('tells every socket of a change sent over several turns, each before what the hub sends it next', async () => {
    const everyone = await members(2 * SOCKETS_PER_TURN + 11);
    const [newcomer, ...online] = everyone as [TestMember, ...TestMember[]];
    const watchers: ChatClient[] = [];
    for (const member of online) watchers.push(await connect(member, { presence: 'delta' }));
    await quietHub();
    for (const watcher of watchers) await presenceFrames(watcher);

    const arriving = await connect(newcomer, { presence: 'delta' });
    await quietHub();
    // The change reaches the last sockets a few turns later; a request sent to the last one meanwhile comes after it.
    const last = watchers.at(-1)!;
    const { incoming } = await request(arriving, last);
    const change = { type: 'online-users-changed', joined: [entry(newcomer)], left: [] };
    const order = last.received
      .filter((frame) => frame.type === 'online-users-changed' || frame === incoming)
      .map((frame) => frame.type);
    expect(order).toEqual(['online-users-changed', 'incoming-chat-request']);
    for (const watcher of watchers) expect(await presenceFrames(watcher)).toEqual([change]);
  });

  it('tells only the two members of a block, as a change, and hides a member who asks from every list', async () => {
    const [a, b, c] = await members(3);
    const alice = await connect(a!, { presence: 'delta' });
    const bob = await connect(b!, { presence: 'delta' });
    const carol = await connect(c!, { presence: 'delta' });
    await quietHub();
    for (const client of [alice, bob, carol]) await presenceFrames(client);
    const before = await broadcasts();

    expect((await trpc('chat.block', a!, { userId: b!.id })).status).toBe(200);
    expect(await alice.next('online-users-changed')).toEqual({
      type: 'online-users-changed',
      joined: [],
      left: [b!.id],
    });
    expect(await bob.next('online-users-changed')).toEqual({ type: 'online-users-changed', joined: [], left: [a!.id] });
    expect((await trpc('chat.unblock', a!, { userId: b!.id })).status).toBe(200);
    expect(await alice.next('online-users-changed')).toEqual({
      type: 'online-users-changed',
      joined: [entry(b!)],
      left: [],
    });
    expect(await bob.next('online-users-changed')).toEqual({
      type: 'online-users-changed',
      joined: [entry(a!)],
      left: [],
    });
    await quietHub();
    expect(await presenceFrames(carol)).toEqual([]);
    expect(await broadcasts()).toBe(before);

    // Hiding from the list is a change for everyone: Carol leaves every list, and comes back.
    expect((await trpc('chat.updateSettings', c!, { invisible: true })).status).toBe(200);
    await quietHub();
    for (const client of [alice, bob])
      expect(await client.next('online-users-changed')).toEqual({
        type: 'online-users-changed',
        joined: [],
        left: [c!.id],
      });
    expect((await trpc('chat.updateSettings', c!, { invisible: false })).status).toBe(200);
    await quietHub();
    for (const client of [alice, bob]) {
      expect(await client.next('online-users-changed')).toEqual({
        type: 'online-users-changed',
        joined: [entry(c!)],
        left: [],
      });
      expect(client.users).toEqual(expect.arrayContaining([entry(a!), entry(b!), entry(c!)]));
    }
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
    expect(aliceStarted).toMatchObject({
      sessionId: accepted.sessionId,
      participantId: b!.id,
      participantName: b!.name,
    });
    expect(bobStarted).toMatchObject({ sessionId: accepted.sessionId, participantId: a!.id, participantName: a!.name });
    await alice.sessionReady(accepted.sessionId);
    await bob.sessionReady(accepted.sessionId);

    alice.send({ type: 'typing-start', sessionId: accepted.sessionId });
    expect(await bob.next('typing-start')).toEqual({
      type: 'typing-start',
      sessionId: accepted.sessionId,
      userId: a!.id,
    });
    alice.send({ type: 'send-message', sessionId: accepted.sessionId, content: '  Kumusta?  ' });
    const atBob = await bob.next('new-message');
    const atAlice = await alice.next('new-message');
    expect(atBob.message).toMatchObject({
      sessionId: accepted.sessionId,
      senderId: a!.id,
      senderName: a!.name,
      content: 'Kumusta?',
    });
    expect(atAlice.message).toEqual(atBob.message);
    alice.send({ type: 'typing-stop', sessionId: accepted.sessionId });
    await bob.next('typing-stop');

    // Carol is online the whole time and hears none of it; Alice never hears her own typing.
    await carol.barrier();
    await alice.barrier();
    expect(carol.received.filter((frame) => !['online-users-updated', 'joined', 'error'].includes(frame.type))).toEqual(
      [],
    );
    expect(alice.received.some((frame) => frame.type === 'typing-start' || frame.type === 'typing-stop')).toBe(false);

    // Carol cannot open the session's socket, write into it, type into it or end it.
    expect((await sessionUpgrade(accepted.sessionId, { cookie: c!.cookie })).status).toBe(404);
    carol.send({ type: 'send-message', sessionId: accepted.sessionId, content: 'hello' });
    await error(carol, 'session_not_found');
    carol.send({ type: 'typing-start', sessionId: accepted.sessionId });
    await error(carol, 'session_not_found');
    carol.send({ type: 'end-chat-session', sessionId: accepted.sessionId });
    await error(carol, 'session_not_found');
    expect((await storedState()).sessions).toContain(accepted.sessionId);

    bob.send({ type: 'end-chat-session', sessionId: accepted.sessionId });
    expect(await alice.next('chat-session-ended')).toEqual({
      type: 'chat-session-ended',
      sessionId: accepted.sessionId,
      reason: 'ended',
    });
    await bob.next('chat-session-ended');
    alice.send({ type: 'send-message', sessionId: accepted.sessionId, content: 'still there?' });
    await error(alice, 'session_not_found');
    expect((await storedState()).sessions).not.toContain(accepted.sessionId);
  });

  it('keeps a session in its object across eviction with no socket open, and lets nobody in once it ended', async () => {
    const [a, b, c] = await members(3);
    const alice = await connect(a!);
    const bob = await connect(b!);
    const sessionId = await startSession(alice, bob);
    alice.dropSession(sessionId);
    bob.dropSession(sessionId);
    await until(
      () => runInDurableObject(sessionStub(sessionId), (_instance, state) => state.getWebSockets().length === 0),
      "the session's sockets closing",
    );
    await evictDurableObject(sessionStub(sessionId));
    expect((await sessionUpgrade(sessionId, { cookie: c!.cookie })).status).toBe(404);
    const back = await sessionUpgrade(sessionId, { cookie: a!.cookie });
    expect(back.status).toBe(101);
    const backClosed = new Promise<number>((resolve) =>
      back.webSocket!.addEventListener('close', (event) => resolve(event.code)),
    );
    back.webSocket!.accept();
    // Ended: its socket closes and nobody gets in.
    bob.send({ type: 'end-chat-session', sessionId });
    await alice.next('chat-session-ended', (frame) => frame.sessionId === sessionId);
    expect(await backClosed).toBe(CLOSE_CHAT_ENDED);
    expect((await sessionUpgrade(sessionId, { cookie: a!.cookie })).status).toBe(404);
  });

  it("carries messages and typing in the session's own object, never through the hub, and ends it with the session", async () => {
    const [a, b] = await members(2);
    const alice = await connect(a!);
    const bob = await connect(b!);
    const sessionId = await startSession(alice, bob);
    // A second socket to the session, as another tab opens it: it first gets what was said so far.
    alice.send({ type: 'send-message', sessionId, content: 'first' });
    await bob.next('new-message', (frame) => frame.message.content === 'first');
    const tab = await sessionUpgrade(sessionId, { cookie: b!.cookie });
    expect(tab.status).toBe(101);
    const tabSocket = tab.webSocket!;
    const tabFrames: unknown[] = [];
    const tabClosed = new Promise<number>((resolve) =>
      tabSocket.addEventListener('close', (event) => resolve(event.code)),
    );
    const firstOnTab = new Promise<void>((resolve) =>
      tabSocket.addEventListener('message', (event) => {
        tabFrames.push(JSON.parse(event.data as string));
        resolve();
      }),
    );
    tabSocket.accept();
    await firstOnTab;
    expect(tabFrames).toEqual([
      { type: 'new-message', message: expect.objectContaining({ content: 'first', senderId: a!.id }) },
    ]);

    // The hub refuses a message or typing sent to it by a member of the session, and relays nothing.
    alice.sendToHub({ type: 'send-message', sessionId, content: 'through the hub?' });
    expect((await error(alice, 'chat_socket_required')).message).toBe(CHAT_ERRORS.chat_socket_required);
    alice.sendToHub({ type: 'typing-start', sessionId });
    await error(alice, 'chat_socket_required');
    // The session's socket takes only its own session's messages and typing.
    alice.send({ type: 'send-message', sessionId, content: 'second' });
    await bob.next('new-message', (frame) => frame.message.content === 'second');
    await bob.barrier();
    expect(
      bob.received
        .filter((frame) => frame.type === 'new-message')
        .map((frame) => frame.type === 'new-message' && frame.message.content),
    ).toEqual(['first', 'second']);
    expect(bob.received.some((frame) => frame.type === 'typing-start')).toBe(false);

    // Refused at the door: signed out, another site, a malformed id, an id no session has.
    expect((await sessionUpgrade(sessionId, { cookie: null })).status).toBe(401);
    expect((await sessionUpgrade(sessionId, { cookie: a!.cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await sessionUpgrade('not-a-session', { cookie: a!.cookie })).status).toBe(404);
    expect((await sessionUpgrade(crypto.randomUUID(), { cookie: a!.cookie })).status).toBe(404);

    // Ending the session closes its sockets (4002); its object stores nothing, and its id opens nothing.
    alice.send({ type: 'end-chat-session', sessionId });
    await bob.next('chat-session-ended', (frame) => frame.sessionId === sessionId);
    expect(await tabClosed).toBe(CLOSE_CHAT_ENDED);
    expect((await sessionUpgrade(sessionId, { cookie: a!.cookie })).status).toBe(404);
    expect(
      await runInDurableObject(sessionStub(sessionId), (_instance, state) =>
        state.storage.sql
          .exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'")
          .toArray(),
      ),
    ).toEqual([]);
    await until(() =>
      runInDurableObject(
        hubStub(),
        (_instance, state) =>
          state.storage.sql.exec('SELECT 1 FROM session_endings WHERE session_id = ?', sessionId).toArray().length ===
          0,
      ),
    );
  });

  it("speaks the spec's protocol whole on /ws/chat to a client that does not ask for the session sockets", async () => {
    const [a, b, c, d] = await members(4);
    const alice = await connect(a!, { spec: true });
    const bob = await connect(b!);
    const sessionId = await startSession(alice, bob);
    const content = (frame: ServerFrame) => (frame.type === 'new-message' ? frame.message.content : null);

    // Alice's message goes to the hub; Bob hears it on the chat's own socket, Alice on the hub's.
    alice.send({ type: 'send-message', sessionId, content: '  from the spec client  ' });
    const heard = await bob.next('new-message', (frame) => frame.message.content === 'from the spec client');
    expect(heard.message).toMatchObject({ sessionId, senderId: a!.id, senderName: a!.name });
    expect((await alice.next('new-message')).message).toEqual(heard.message);
    // Bob answers over his chat's socket; Alice hears it on the hub's.
    bob.send({ type: 'send-message', sessionId, content: 'from the web app' });
    expect((await alice.next('new-message')).message).toMatchObject({ content: 'from the web app', senderId: b!.id });
    // Typing both ways, to the partner only.
    alice.send({ type: 'typing-start', sessionId });
    expect(await bob.next('typing-start')).toEqual({ type: 'typing-start', sessionId, userId: a!.id });
    bob.send({ type: 'typing-stop', sessionId });
    expect(await alice.next('typing-stop')).toEqual({ type: 'typing-stop', sessionId, userId: b!.id });
    await alice.barrier();
    await bob.barrier();
    // Each side heard each message once, and nobody their own typing.
    expect(bob.received.map(content).filter(Boolean)).toEqual(['from the spec client', 'from the web app']);
    expect(alice.received.map(content).filter(Boolean)).toEqual(['from the spec client', 'from the web app']);
    expect(alice.received.some((frame) => frame.type === 'typing-start')).toBe(false);

    // A reload of the spec client: its join replays the session and what was said, before `joined`.
    alice.close();
    const reloaded = await connect(a!, { spec: true });
    await reloaded.next('joined');
    const replayed = reloaded.received.filter(
      (frame) => frame.type === 'chat-session-started' || frame.type === 'new-message',
    );
    expect(replayed.map((frame) => frame.type)).toEqual(['chat-session-started', 'new-message', 'new-message']);
    expect(reloaded.received.findIndex((frame) => frame.type === 'joined')).toBeGreaterThan(
      reloaded.received.findIndex((frame) => frame.type === 'new-message'),
    );

    // Two spec clients chat through the hub alone; a session they are not in is not theirs to write to.
    const carol = await connect(c!, { spec: true });
    const dave = await connect(d!, { spec: true });
    const theirs = await startSession(carol, dave);
    carol.send({ type: 'send-message', sessionId: theirs, content: 'hub to hub' });
    expect((await dave.next('new-message')).message).toMatchObject({ content: 'hub to hub', senderId: c!.id });
    expect((await carol.next('new-message')).message.content).toBe('hub to hub');
    carol.send({ type: 'send-message', sessionId, content: 'not my chat' });
    await error(carol, 'session_not_found');
    // The hub holds a spec client to the same message rate as a chat's own socket.
    for (let i = 0; i < 12; i += 1) dave.send({ type: 'send-message', sessionId: theirs, content: `quick ${i}` });
    expect((await error(dave, 'rate_limited')).message).toBe(CHAT_ERRORS.rate_limited);
    await reloaded.barrier();
    expect(reloaded.received.map(content)).not.toContain('hub to hub');
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
    expect(await alice.next('chat-request-rejected')).toEqual({
      type: 'chat-request-rejected',
      requestId: first.requestId,
    });
    bob.send({ type: 'accept-chat-request', requestId: first.requestId });
    await error(bob, 'request_not_found');

    const second = await request(alice, bob);
    bob.send({ type: 'cancel-chat-request', requestId: second.requestId });
    await error(bob, 'request_not_found');
    alice.send({ type: 'cancel-chat-request', requestId: second.requestId });
    expect(await bob.next('chat-request-cancelled')).toEqual({
      type: 'chat-request-cancelled',
      requestId: second.requestId,
      reason: 'withdrawn',
    });
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
      const deadline = state.storage.sql
        .exec<{ expires_at: number }>('SELECT expires_at FROM requests WHERE id = ?', requestId)
        .one();
      expect(deadline.expires_at - Date.now()).toBeGreaterThan(28_000);
      state.storage.sql.exec('UPDATE requests SET expires_at = ? WHERE id = ?', Date.now() - 1, requestId);
    });
    // The hub's alarm, run now. When another deadline's alarm is running at this moment (a presence broadcast), there
    // is none to run: that alarm sets the next one to this past deadline, which fires at once. Either way the hub's
    // own alarm expires the request; without one, nothing would tell the members.
    await runDurableObjectAlarm(hubStub());
    expect(await alice.next('chat-request-expired')).toEqual({
      type: 'chat-request-expired',
      requestId,
      reason: 'timeout',
    });
    expect(await bob.next('chat-request-expired')).toEqual({
      type: 'chat-request-expired',
      requestId,
      reason: 'timeout',
    });

    bob.send({ type: 'accept-chat-request', requestId });
    await error(bob, 'request_not_found');
    await request(alice, carol);
  });

  it('expires a request in the run of an alarm whose clock trails the deadline by a few milliseconds', async () => {
    const [a, b] = await members(2);
    const alice = await connect(a!);
    const bob = await connect(b!);
    const { requestId } = await request(alice, bob);
    // The deadline just ahead of the clock the alarm runs with, as when the runtime's clock has reached it and the
    // object's has not quite: set again for that deadline, the running alarm would be dropped (chat-hub.ts).
    await runInDurableObject(hubStub(), (_instance, state) => {
      state.storage.sql.exec('UPDATE requests SET expires_at = ? WHERE id = ?', Date.now() + 40, requestId);
    });
    await runDurableObjectAlarm(hubStub());
    const status = await runInDurableObject(hubStub(), (_instance, state) =>
      state.storage.sql.exec<{ status: string }>('SELECT status FROM requests WHERE id = ?', requestId).toArray(),
    );
    expect(status).not.toContainEqual({ status: 'pending' });
    expect(await alice.next('chat-request-expired')).toEqual({
      type: 'chat-request-expired',
      requestId,
      reason: 'timeout',
    });
    expect(await bob.next('chat-request-expired')).toEqual({
      type: 'chat-request-expired',
      requestId,
      reason: 'timeout',
    });
  });

  it('holds a regular member to 1 outstanding request and a premium member to 3, with the spec texts', async () => {
    const [regular] = await members(1);
    const [premium] = await members(1, { premium: true });
    const others = await Promise.all((await members(4)).map((member) => connect(member)));
    const reg = await connect(regular!);
    const pre = await connect(premium!);

    await request(reg, others[0]!);
    reg.send({
      type: 'chat-request',
      recipientId: others[1]!.member.id,
      requestId: requestIdFor(regular!, others[1]!.member),
    });
    expect((await error(reg, 'request_limit')).message).toBe(
      'Regular users can send 1 chat request at a time. Upgrade to Premium for 3 consecutive requests.',
    );

    for (const other of others.slice(0, 3)) await request(pre, other);
    pre.send({
      type: 'chat-request',
      recipientId: others[3]!.member.id,
      requestId: requestIdFor(premium!, others[3]!.member),
    });
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
    for (const requestId of [
      requestIdFor(a!, b!),
      requestIdFor(d!, b!, Date.now() - 120_000),
      'hello',
      `${d!.id}-${b!.id}`,
    ]) {
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
});

describe('a dropped connection', () => {
  /** Alice chats with Bob; Bob has asked Carol, and Dave has asked Bob. */
  async function bobBusy() {
    const [a, b, c, d] = await members(4);
    const alice = await connect(a!);
    const bob = await connect(b!);
    const carol = await connect(c!);
    const dave = await connect(d!);
    const sessionId = await startSession(alice, bob);
    const outgoing = await request(bob, carol);
    const incoming = await request(dave, bob);
    return { b: b!, alice, bob, carol, dave, sessionId, outgoing: outgoing.requestId, incoming: incoming.requestId };
  }

  it('keeps the chat and the requests through the grace period, tells the partner, and replays them on return', async () => {
    const { b, alice, bob, carol, sessionId, outgoing, incoming } = await bobBusy();
    alice.send({ type: 'send-message', sessionId, content: 'before the reload' });
    await bob.next('new-message');

    bob.close(1001);
    const away = await alice.next('chat-partner-status');
    expect(away).toMatchObject({ sessionId, participantId: b.id, away: true });
    expect(away.remainingTime).toBeGreaterThan(CHAT_RECONNECT_GRACE_MS / 1000 - 5);
    expect(away.remainingTime).toBeLessThanOrEqual(CHAT_RECONNECT_GRACE_MS / 1000);
    // The one alarm is set to the end of the grace period (nothing else is due sooner than the requests' 30 s).
    const until = await awayUntil(b);
    expect(await hubAlarm()).toBeLessThanOrEqual(until);
    expect(await storedState()).toMatchObject({
      pending: expect.arrayContaining([outgoing, incoming]),
      sessions: expect.arrayContaining([sessionId]),
    });
    // Alice may go on writing; the hub holds the session's last messages in memory only.
    alice.send({ type: 'send-message', sessionId, content: 'are you still there?' });
    await alice.next('new-message', (frame) => frame.message.content === 'are you still there?');

    const back = await connect(b);
    expect(await alice.next('chat-partner-status')).toEqual({
      type: 'chat-partner-status',
      sessionId,
      participantId: b.id,
      away: false,
      remainingTime: 0,
    });
    await back.next('chat-session-started', (frame) => frame.sessionId === sessionId);
    const replayed = [await back.next('new-message'), await back.next('new-message')].map(
      (frame) => frame.message.content,
    );
    expect(replayed).toEqual(['before the reload', 'are you still there?']);
    await back.next('chat-request-sent', (frame) => frame.requestId === outgoing);
    await back.next('incoming-chat-request', (frame) => frame.requestId === incoming);
    // The snapshot ends with `joined`: the client then knows that anything it held and did not hear again is over.
    await back.next('joined');
    // (The messages come over the session's own socket, which the client opens once it hears the session.)
    const order = back.received.map((frame) => frame.type);
    for (const type of [
      'online-users-updated',
      'chat-request-sent',
      'incoming-chat-request',
      'chat-session-started',
    ] as const)
      expect(order.indexOf('joined')).toBeGreaterThan(order.indexOf(type));
    expect(
      await runInDurableObject(hubStub(), (_instance, state) =>
        state.storage.sql.exec('SELECT * FROM away WHERE user_id = ?', b.id).toArray(),
      ),
    ).toEqual([]);

    // Nothing ended meanwhile, and the alarm, when it fires, ends nothing either.
    await runDurableObjectAlarm(hubStub());
    back.send({ type: 'send-message', sessionId, content: 'back again' });
    await alice.next('new-message', (frame) => frame.message.content === 'back again');
    await carol.barrier();
    expect(carol.received.some((frame) => frame.type === 'chat-request-cancelled')).toBe(false);
  });

  it('ends the chat and the requests with the reason "offline" once the grace period is over', async () => {
    const { b, alice, bob, carol, dave, sessionId, outgoing, incoming } = await bobBusy();
    bob.close(1001);
    await alice.next('chat-partner-status', (frame) => frame.away);
    await endGracePeriods();
    expect(await alice.next('chat-session-ended')).toEqual({
      type: 'chat-session-ended',
      sessionId,
      reason: 'offline',
    });
    expect(await carol.next('chat-request-cancelled')).toEqual({
      type: 'chat-request-cancelled',
      requestId: outgoing,
      reason: 'offline',
    });
    expect(await dave.next('chat-request-expired')).toEqual({
      type: 'chat-request-expired',
      requestId: incoming,
      reason: 'offline',
    });
    await alice.next('online-users-updated', (frame) => !frame.users.some((user) => user.id === b.id));
    const state = await storedState();
    expect(state.sessions).not.toContain(sessionId);
    expect(state.pending).not.toContain(outgoing);
    expect(state.pending).not.toContain(incoming);

    // A second alarm changes nothing, and Bob, back later, starts from nothing.
    await runDurableObjectAlarm(hubStub());
    const later = await connect(b);
    await later.barrier();
    expect(later.received.filter((frame) => !['online-users-updated', 'joined', 'error'].includes(frame.type))).toEqual(
      [],
    );
  });

  it('gives no grace to a socket closed because its session ended', async () => {
    const { alice, bob, carol, sessionId, outgoing } = await bobBusy();
    expect((await call('/api/logout', { method: 'POST', cookie: bob.member.cookie })).status).toBe(200);
    expect((await bob.closed).code).toBe(CLOSE_SESSION_ENDED);
    expect(await alice.next('chat-session-ended')).toEqual({
      type: 'chat-session-ended',
      sessionId,
      reason: 'offline',
    });
    expect(await carol.next('chat-request-cancelled')).toEqual({
      type: 'chat-request-cancelled',
      requestId: outgoing,
      reason: 'offline',
    });
    expect(
      await runInDurableObject(hubStub(), (_instance, state) =>
        state.storage.sql.exec('SELECT * FROM away WHERE user_id = ?', bob.member.id).toArray(),
      ),
    ).toEqual([]);
  });

  it('ends everything at once when a member away signs out (from another tab, before a new socket opened)', async () => {
    const { b, alice, bob, dave, sessionId, incoming } = await bobBusy();
    bob.close(1001);
    await awayUntil(b);
    expect((await call('/api/logout', { method: 'POST', cookie: b.cookie })).status).toBe(200);
    expect(await alice.next('chat-session-ended')).toEqual({
      type: 'chat-session-ended',
      sessionId,
      reason: 'offline',
    });
    expect(await dave.next('chat-request-expired')).toEqual({
      type: 'chat-request-expired',
      requestId: incoming,
      reason: 'offline',
    });
    await alice.next('online-users-updated', (frame) => !frame.users.some((user) => user.id === b.id));
  });

  it('lets a requester whose connection dropped be accepted, and the accepting side learns they are away', async () => {
    const [a, b] = await members(2);
    const alice = await connect(a!);
    const bob = await connect(b!);
    const { requestId } = await request(alice, bob);
    alice.close(1001);
    await awayUntil(a!);
    bob.send({ type: 'accept-chat-request', requestId });
    const started = await bob.next('chat-session-started');
    expect(await bob.next('chat-partner-status')).toMatchObject({
      sessionId: started.sessionId,
      participantId: a!.id,
      away: true,
    });
    const back = await connect(a!);
    await back.next('chat-session-started', (frame) => frame.sessionId === started.sessionId);
    await bob.next('chat-partner-status', (frame) => !frame.away);
  });
});

describe('hiding from the online list', () => {
  it('keeps a member who hides off the list and out of reach of requests, stored across connections', async () => {
    const [a, b, c] = await members(3);
    const alice = await connect(a!);
    const bob = await connect(b!);
    await alice.next('online-users-updated', (frame) => frame.users.some((user) => user.id === b!.id));

    expect((await trpc('chat.updateSettings', b!, { invisible: 'yes' })).status).toBe(400);
    expect((await call('/trpc/chat.updateSettings', { body: { invisible: true } })).status).toBe(401);
    expect((await json<TrpcResult<'chat.settings'>>(await trpc('chat.settings', b!))).result.data).toEqual({
      invisible: false,
    });
    expect((await trpc('chat.updateSettings', b!, { invisible: true })).status).toBe(200);
    expect((await json<TrpcResult<'chat.settings'>>(await trpc('chat.settings', b!))).result.data).toEqual({
      invisible: true,
    });
    await alice.next('online-users-updated', (frame) => !frame.users.some((user) => user.id === b!.id));

    // Nobody can ask a hidden member (to them Bob is simply not online); Bob himself may still ask.
    alice.send({ type: 'chat-request', recipientId: b!.id, requestId: requestIdFor(a!, b!) });
    await error(alice, 'recipient_offline');
    await request(bob, alice);

    // The setting lives in the database: a later connection is hidden too.
    bob.close();
    await awayUntil(b!);
    await endGracePeriods();
    const bobAgain = await connect(b!);
    const carol = await connect(c!);
    const list = carol.received.find((frame) => frame.type === 'online-users-updated')!;
    expect(list.type === 'online-users-updated' && list.users.some((user) => user.id === b!.id)).toBe(false);
    expect(list.type === 'online-users-updated' && list.users.some((user) => user.id === a!.id)).toBe(true);

    expect((await trpc('chat.updateSettings', b!, { invisible: false })).status).toBe(200);
    await carol.next('online-users-updated', (frame) => frame.users.some((user) => user.id === b!.id));
    await request(carol, bobAgain);
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
    alice.send({ type: 'send-message', sessionId, content: 'a'.repeat(4001) });
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

    const blocks = await json<TrpcResult<'chat.blocks'>>(await trpc('chat.blocks', a!));
    expect(blocks.result.data).toEqual([
      { id: b!.id, name: b!.name, role: 'client', memberNumber: b!.memberNumber, blockedAt: expect.any(Number) },
    ]);
    // The blocked member does not learn who blocked them.
    expect((await json<TrpcResult<'chat.blocks'>>(await trpc('chat.blocks', b!))).result.data).toEqual([]);

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

  it('answers a banned member as an unknown id: "Member not found.", no block, left out of the list', async () => {
    const [a, b, c] = await members(3);
    expect((await trpc('chat.block', a!, { userId: c!.id })).status).toBe(200);
    await database().execute({ sql: 'update users set is_banned = 1 where id in (?, ?)', args: [b!.id, c!.id] });
    for (const userId of [b!.id, 999_999_999]) {
      const refused = await trpc('chat.block', a!, { userId });
      expect(refused.status, String(userId)).toBe(404);
      expect((await json<{ error: { message: string } }>(refused)).error.message).toBe('Member not found.');
    }
    expect((await json<TrpcResult<'chat.blocks'>>(await trpc('chat.blocks', a!))).result.data).toEqual([]);
    const { rows } = await database().execute({
      sql: 'select blocked_id from chat_blocks where blocker_id = ?',
      args: [a!.id],
    });
    expect(rows.map((row) => Number(row.blocked_id))).toEqual([c!.id]);
  });
});

describe('reports', () => {
  it('stores the reason and the last 20 messages, ends the chat, and lists reports for admins only', async () => {
    const [a, b] = await members(2);
    const [admin] = await members(1, { role: 'admin' });
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
    const reportId = (await json<TrpcResult<'chat.report'>>(reported)).result.data.id;
    const reports = (await json<TrpcResult<'chat.reports'>>(await trpc('chat.reports', admin!))).result.data;
    const report = reports.find((entry) => entry.id === reportId);
    expect(report).toMatchObject({ reason: 'Rude and threatening', reporter: { id: a!.id }, reported: { id: b!.id } });
    expect(report?.messages.map((message) => message.content)).toEqual(
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
    await evictDurableObject(sessionStub(sessionId));

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

describe('one account cannot take the hub down', () => {
  it(`lets a member hold at most ${CHAT_SOCKETS_PER_MEMBER} sockets at once`, async () => {
    const [member] = await members(1);
    for (let i = 0; i < CHAT_SOCKETS_PER_MEMBER; i++) await connect(member!);
    const refused = await upgrade({ cookie: member!.cookie });
    expect(refused.status).toBe(429);
    // Closing one makes room again.
    open.pop()!.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await connect(member!);
  });

  it("counts every frame against one budget for all of a member's sockets, while others chat on", async () => {
    const [abuser, a, b] = await members(3);
    const sockets = await Promise.all(
      Array.from({ length: CHAT_SOCKETS_PER_MEMBER }, () => connect(abuser!, { join: false })),
    );
    const alice = await connect(a!);
    const bob = await connect(b!);
    const sessionId = await startSession(alice, bob);
    // Each socket stays well under its own limit (60 frames at once), together they are far over the member's.
    for (let round = 0; round < 20; round++) for (const socket of sockets) socket.send({ type: 'join' });
    const closes = await Promise.all(sockets.map((socket) => socket.closed));
    expect(closes.some((close) => close.code === CLOSE_POLICY_VIOLATION)).toBe(true);
    alice.send({ type: 'send-message', sessionId, content: 'still here?' });
    await bob.next('new-message', (frame) => frame.message.content === 'still here?');

    // Having flooded, the account may not come back at once: reopening cost the hub a socket and a snapshot each time.
    const refused = await upgrade({ cookie: abuser!.cookie });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(FLOOD_COOL_DOWN_MS / 1000);
    expect(await refused.json()).toEqual({
      message: `Too many chat frames from this account. Try again in ${retryAfter} seconds.`,
      code: 'TOO_MANY_REQUESTS',
    });
    // Trying again meanwhile costs no session lookup and does not wake the hub: the Worker repeats the refusal.
    const before = await pipelinesServed();
    const again = await upgrade({ cookie: abuser!.cookie });
    expect((await pipelinesServed()) - before).toBe(0);
    expect(again.status).toBe(429);
    const secondsLeft = Number(again.headers.get('Retry-After'));
    expect(secondsLeft).toBeGreaterThan(0);
    expect(secondsLeft).toBeLessThanOrEqual(retryAfter);
    expect(await again.json()).toEqual({
      message: `Too many chat frames from this account. Try again in ${secondsLeft} seconds.`,
      code: 'TOO_MANY_REQUESTS',
    });
    // Only that account: another member still opens a new tab.
    await connect(a!);
    // The hub remembers it in its storage: a hub woken from sleep (a policy made afresh over it) refuses too.
    const afterSleep = await runInDurableObject(
      hubStub(),
      (_instance, state) =>
        new SocketPolicy(new HubSockets(state), floodsIn(state.storage.sql)).refuseSocket(abuser!.id, 0)?.status,
    );
    expect(afterSleep).toBe(429);
  });

  it('drops what a member sends past the budget unread: 2,000 frames over all their sockets write the flood once', async () => {
    const [flooder, a, b] = await members(3);
    const sockets = await Promise.all(
      Array.from({ length: CHAT_SOCKETS_PER_MEMBER }, () => connect(flooder!, { join: false })),
    );
    const alice = await connect(a!);
    const bob = await connect(b!);
    const sessionId = await startSession(alice, bob);
    await quietHub();
    const statements = await recordHubStatements();
    for (const socket of sockets) for (let i = 0; i < 2000 / sockets.length; i++) socket.send('{');
    for (const close of await Promise.all(sockets.map((socket) => socket.closed)))
      expect(close.code).toBe(CLOSE_POLICY_VIOLATION);
    await until(
      () =>
        runInDurableObject(hubStub(), (_instance, state) => state.getWebSockets(`user:${flooder!.id}`).length === 0),
      "the flooder's sockets gone",
    );
    alice.send({ type: 'send-message', sessionId, content: 'still here?' });
    await bob.next('new-message', (frame) => frame.message.content === 'still here?');

    const written = (await statements()).filter((query) => /^\s*(INSERT|UPDATE|DELETE|REPLACE)/i.test(query));
    expect(written.filter((query) => query.includes('flooded'))).toHaveLength(1);
    // Besides that one record, only the flooder going away: one member, however many sockets and frames.
    expect(written.length).toBeLessThan(10);
  });

  it('limits how often a session opens hub sockets, counted before the session is looked up, and repeats its refusal without the limiter, slower each time', async () => {
    const [member] = await members(1);
    const responses = await untilLimited(20, async () => {
      const response = await upgrade({ cookie: member!.cookie });
      if (response.status === 101) {
        response.webSocket!.accept();
        response.webSocket!.close();
        // The hub hears of the close before the next one opens: its cap on open sockets is not what is tested.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return response;
    });
    const refused = responses.at(-1)!;
    expect(refused.headers.get('Retry-After')).toBe('60');
    expect(await refused.json()).toEqual({ message: MESSAGES.tooManyRequests, code: 'TOO_MANY_REQUESTS' });
    // Over the limit, trying again costs no database read.
    const before = await pipelinesServed();
    expect((await upgrade({ cookie: member!.cookie })).status).toBe(429);
    expect((await pipelinesServed()) - before).toBe(0);
    // Nor a call to the limiter, which would say 60 again: the Worker repeats its refusal, counting down the wait,
    // and a session that keeps coming back waits for its answer, a second this second time.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const askedAt = Date.now();
    const again = await upgrade({ cookie: member!.cookie });
    expect(Date.now() - askedAt).toBeGreaterThanOrEqual(1000);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('Retry-After'))).toBeLessThan(60);
    expect(Number(again.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await again.json()).toEqual({ message: MESSAGES.tooManyRequests, code: 'TOO_MANY_REQUESTS' });
  });

  it('answers join at most once every few seconds per socket, and closes a socket that keeps sending it', async () => {
    const [member, other] = await members(2);
    const client = await connect(member!); // its first join was answered
    // Its own arrival, broadcast once the hub is quiet, is not an answer to a join.
    await quietHub();
    await client.barrier();
    client.drain('online-users-updated');
    for (let i = 0; i < 5; i++) client.send({ type: 'join' });
    await client.barrier();
    expect(client.drain('online-users-updated')).toEqual([]);
    // Each join too soon counts as a bad frame: the sixth closes the socket, and the account cools down.
    client.send({ type: 'join' });
    expect((await client.closed).code).toBe(CLOSE_POLICY_VIOLATION);
    expect((await upgrade({ cookie: member!.cookie })).status).toBe(429);
    await connect(other!);
  });

  it('closes a socket at once for a frame over the size cap, before reading it as a frame', async () => {
    const [member] = await members(1);
    const client = await connect(member!);
    client.send(JSON.stringify({ type: 'send-message', sessionId: 'x', content: 'é'.repeat(MAX_FRAME_BYTES) }));
    expect((await client.closed).code).toBe(CLOSE_TOO_LARGE);
    const binary = await connect(member!, { join: false });
    binary.send(new ArrayBuffer(MAX_FRAME_BYTES + 1));
    expect((await binary.closed).code).toBe(CLOSE_TOO_LARGE);
  });
});

describe('sockets end with their session', () => {
  /** A registered member and a second session of theirs (signed in on another device). */
  async function memberWithTwoSessions() {
    const first = await createMember();
    const elsewhere = await call('/api/login', { body: { name: first.name, password: GOOD_PASSWORD }, ip: freshIp() });
    return { first, second: withSession(first, sessionCookieFrom(elsewhere)!) };
  }

  it("closes the sockets of a session that signs out, and only that session's", async () => {
    const { first, second } = await memberWithTwoSessions();
    const phone = await connect(first);
    const laptop = await connect(second);
    expect((await call('/api/logout', { method: 'POST', cookie: first.cookie })).status).toBe(200);
    expect((await phone.closed).code).toBe(CLOSE_SESSION_ENDED);
    expect((await upgrade({ cookie: first.cookie })).status).toBe(401);
    // The other device's socket carries on.
    await laptop.barrier();
  });

  it("closes the signed-out session's sockets in its chats' objects too, and only that session's", async () => {
    const { first, second } = await memberWithTwoSessions();
    const [other] = await members(1);
    const phone = await connect(first);
    const laptop = await connect(second);
    const partner = await connect(other!);
    const sessionId = await startSession(partner, phone);
    await laptop.sessionReady(sessionId);
    expect((await call('/api/logout', { method: 'POST', cookie: first.cookie })).status).toBe(200);
    expect((await phone.closed).code).toBe(CLOSE_SESSION_ENDED);
    await until(
      () => phone.sessionCloses.get(sessionId)?.code === CLOSE_SESSION_ENDED,
      "the phone's session socket closing with 4001",
    );
    expect((await sessionUpgrade(sessionId, { cookie: first.cookie })).status).toBe(401);
    // The laptop chats on.
    partner.send({ type: 'send-message', sessionId, content: 'still with me?' });
    await laptop.next('new-message', (frame) => frame.message.content === 'still with me?');
  });

  it("closes the old session's sockets when signing in again replaces it, and leaves other members alone", async () => {
    const { first } = await memberWithTwoSessions();
    const [other] = await members(1);
    const oldSocket = await connect(first);
    const bystander = await connect(other!);
    const again = await call('/api/login', {
      body: { name: first.name, password: GOOD_PASSWORD },
      cookie: first.cookie,
      ip: freshIp(),
    });
    expect(again.status).toBe(200);
    expect((await oldSocket.closed).code).toBe(CLOSE_SESSION_ENDED);
    await bystander.barrier();
    const renewed = await connect(withSession(first, sessionCookieFrom(again)!));
    await renewed.barrier();
  });

  it('closes a socket whose session has expired at its next frame', async () => {
    const [member] = await members(1);
    const token = member!.cookie.split('=')[1]!;
    // A session 180 days old but for two seconds: valid when the socket opens, expired soon after.
    await database().execute({
      sql: 'update sessions set created_at = ? where id = ?',
      args: [Date.now() - 180 * 86_400_000 + 2000, token.split('.')[0]!],
    });
    const client = await connect(member!);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    client.send({ type: 'typing-start', sessionId: 'none' });
    expect((await client.closed).code).toBe(CLOSE_SESSION_ENDED);
  });
});
