// Model-based test of the hub's request and session state machine: fast-check generates command sequences
// (request, cancel, accept, reject, send, end, expire, reconnect within the grace period, leave for longer than
// it) among five members, one of them premium, runs each against the real hub over real sockets, and after
// every step compares what the sockets heard and what the hub stored with a model small enough to be obviously
// right. Messages go over each session's own socket to its own object, as the web app sends them. The sockets
// hear presence as changes (as the web app does); at the end of each run the list each of
// them has built from a whole list and the changes after it is the list a new socket gets whole.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { CHAT_REQUESTS_PREMIUM, CHAT_REQUESTS_REGULAR } from '../common/limits.ts';
import { ChatClient, hubStub, requestIdFor } from '../worker/test/chat-client.ts';
import { createMembers, type TestMember } from '../worker/test/members.ts';
import type { ChatErrorCode, OnlineUser } from '../common/chat-protocol.ts';

const MEMBERS = [0, 1, 2, 3, 4] as const;
type Who = (typeof MEMBERS)[number];
const PREMIUM: Who = 4;
/** Per-member budgets of the hub's rate limits, kept under so that limits never decide an outcome here. */
const REQUEST_BUDGET = 5;
const MESSAGE_BUDGET = 8;

interface Model {
  pending: { id: string; from: Who; to: Who }[];
  sessions: { a: Who; b: Who }[];
  requestsSent: number[];
  messagesSent: number[];
}

interface Real {
  members: TestMember[];
  clients: ChatClient[];
  sessionIds: Map<string, string>;
  clock: number;
}

/** How the model's sockets join: presence as changes after one whole list, as the web app and the SDK ask. */
const JOIN = { presence: 'delta' } as const;

const pairKey = (a: Who, b: Who) => (a < b ? `${a}-${b}` : `${b}-${a}`);
const sessionOf = (model: Model, a: Who, b: Who) => model.sessions.find((s) => pairKey(s.a, s.b) === pairKey(a, b));

async function expectError(real: Real, who: Who, code: ChatErrorCode) {
  expect((await real.clients[who]!.next('error')).code).toBe(code);
}

/** What the hub stored equals the model (polling briefly: a closed socket is handled asynchronously). */
async function expectStoredStateMatches(model: Model, real: Real) {
  const ids = real.members.map((member) => member.id);
  const expected = {
    pending: model.pending.map((request) => request.id).sort(),
    sessions: model.sessions.map((session) => pairKey(session.a, session.b)).sort(),
  };
  let actual: typeof expected | undefined;
  for (let attempt = 0; attempt < 40; attempt += 1) {
    actual = await runInDurableObject(hubStub(), (_instance, state) => {
      const placeholders = ids.map(() => '?').join(',');
      const pending = state.storage.sql
        .exec(`SELECT id FROM requests WHERE status = 'pending' AND requester_id IN (${placeholders})`, ...ids)
        .toArray()
        .map((row) => row.id as string);
      const sessions = state.storage.sql
        .exec(
          `SELECT participant1_id AS p, participant2_id AS q FROM sessions WHERE participant1_id IN (${placeholders})`,
          ...ids,
        )
        .toArray()
        .map((row) => pairKey(ids.indexOf(row.p as number) as Who, ids.indexOf(row.q as number) as Who));
      return { pending: pending.sort(), sessions: sessions.sort() };
    });
    if (JSON.stringify(actual) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(actual).toEqual(expected);
}

/**
 * Once the broadcast waiting (if any) has gone out, every socket's list, built from its whole list and the
 * changes after it, holds the five members as a new socket's whole list does.
 */
async function expectPresenceConverged(real: Real) {
  await runInDurableObject(hubStub(), (_instance, state) => {
    state.storage.sql.exec("UPDATE meta SET value = ? WHERE key = 'presence_due'", Date.now() - 1);
  });
  await runDurableObjectAlarm(hubStub());
  const ids = new Set(real.members.map((member) => member.id));
  const ours = (users: OnlineUser[]) => users.filter((user) => ids.has(user.id));
  const whole = await ChatClient.connect(real.members[0]!);
  try {
    expect(ours(whole.users)).toHaveLength(real.members.length);
    for (const client of real.clients) {
      await client.barrier();
      expect(ours(client.users)).toEqual(ours(whole.users));
    }
  } finally {
    whole.close();
  }
}

class RequestCommand implements fc.AsyncCommand<Model, Real> {
  readonly from: Who;
  readonly to: Who;
  constructor(from: Who, to: Who) {
    this.from = from;
    this.to = to;
  }
  check(model: Readonly<Model>) {
    return model.requestsSent[this.from]! < REQUEST_BUDGET;
  }
  async run(model: Model, real: Real) {
    model.requestsSent[this.from]! += 1;
    real.clock += 1;
    const requestId = requestIdFor(real.members[this.from]!, real.members[this.to]!, real.clock);
    real.clients[this.from]!.send({ type: 'chat-request', recipientId: real.members[this.to]!.id, requestId });
    const outgoing = model.pending.filter((request) => request.from === this.from);
    const limit = this.from === PREMIUM ? CHAT_REQUESTS_PREMIUM : CHAT_REQUESTS_REGULAR;
    if (this.from === this.to) await expectError(real, this.from, 'self_request');
    else if (outgoing.some((request) => request.to === this.to))
      await expectError(real, this.from, 'already_requested');
    else if (sessionOf(model, this.from, this.to)) await expectError(real, this.from, 'already_chatting');
    else if (outgoing.length >= limit)
      await expectError(real, this.from, this.from === PREMIUM ? 'premium_request_limit' : 'request_limit');
    else {
      await real.clients[this.from]!.next('chat-request-sent', (frame) => frame.requestId === requestId);
      await real.clients[this.to]!.next('incoming-chat-request', (frame) => frame.requestId === requestId);
      model.pending.push({ id: requestId, from: this.from, to: this.to });
    }
    await expectStoredStateMatches(model, real);
  }
  toString() {
    return `request(${this.from}→${this.to})`;
  }
}

type Answer = 'cancel' | 'accept' | 'reject';

class AnswerCommand implements fc.AsyncCommand<Model, Real> {
  readonly by: Who;
  readonly answer: Answer;
  readonly pick: number;
  constructor(by: Who, answer: Answer, pick: number) {
    this.by = by;
    this.answer = answer;
    this.pick = pick;
  }
  check(model: Readonly<Model>) {
    return model.pending.length > 0;
  }
  async run(model: Model, real: Real) {
    const request = model.pending[this.pick % model.pending.length]!;
    const client = real.clients[this.by]!;
    client.send({ type: `${this.answer}-chat-request`, requestId: request.id });
    const allowed = this.answer === 'cancel' ? request.from === this.by : request.to === this.by;
    if (!allowed) {
      await expectError(real, this.by, 'request_not_found');
    } else if (this.answer === 'accept') {
      const accepted = await real.clients[request.from]!.next(
        'chat-request-accepted',
        (frame) => frame.requestId === request.id,
      );
      await real.clients[request.to]!.next('chat-session-started', (frame) => frame.sessionId === accepted.sessionId);
      // Both open the session's own socket, where messages go.
      for (const who of [request.from, request.to]) await real.clients[who]!.sessionReady(accepted.sessionId);
      real.sessionIds.set(pairKey(request.from, request.to), accepted.sessionId);
      // Requests between the two either way are answered by the one session.
      model.pending = model.pending.filter(
        (other) => pairKey(other.from, other.to) !== pairKey(request.from, request.to),
      );
      model.sessions.push({ a: request.from, b: request.to });
    } else {
      const type = this.answer === 'cancel' ? 'chat-request-cancelled' : 'chat-request-rejected';
      await real.clients[request.from]!.next(type, (frame) => frame.requestId === request.id);
      await real.clients[request.to]!.next(type, (frame) => frame.requestId === request.id);
      model.pending = model.pending.filter((other) => other !== request);
    }
    await expectStoredStateMatches(model, real);
  }
  toString() {
    return `${this.answer}(by ${this.by}, #${this.pick})`;
  }
}

class SessionCommand implements fc.AsyncCommand<Model, Real> {
  readonly by: Who;
  readonly action: 'send' | 'end';
  readonly pick: number;
  constructor(by: Who, action: 'send' | 'end', pick: number) {
    this.by = by;
    this.action = action;
    this.pick = pick;
  }
  check(model: Readonly<Model>) {
    return model.sessions.length > 0 && model.messagesSent[this.by]! < MESSAGE_BUDGET;
  }
  async run(model: Model, real: Real) {
    model.messagesSent[this.by]! += 1;
    const session = model.sessions[this.pick % model.sessions.length]!;
    const sessionId = real.sessionIds.get(pairKey(session.a, session.b))!;
    const client = real.clients[this.by]!;
    const member = this.by === session.a || this.by === session.b;
    if (this.action === 'send') {
      const content = `hello ${crypto.randomUUID()}`;
      client.send({ type: 'send-message', sessionId, content });
      if (!member) await expectError(real, this.by, 'session_not_found');
      else
        for (const who of [session.a, session.b])
          await real.clients[who]!.next('new-message', (frame) => frame.message.content === content);
    } else {
      client.send({ type: 'end-chat-session', sessionId });
      if (!member) await expectError(real, this.by, 'session_not_found');
      else {
        for (const who of [session.a, session.b])
          await real.clients[who]!.next('chat-session-ended', (frame) => frame.sessionId === sessionId);
        model.sessions = model.sessions.filter((other) => other !== session);
      }
    }
    await expectStoredStateMatches(model, real);
  }
  toString() {
    return `${this.action}(by ${this.by}, #${this.pick})`;
  }
}

class ExpireCommand implements fc.AsyncCommand<Model, Real> {
  check(model: Readonly<Model>) {
    return model.pending.length > 0;
  }
  async run(model: Model, real: Real) {
    const ids = model.pending.map((request) => request.id);
    await runInDurableObject(hubStub(), (_instance, state) => {
      for (const id of ids)
        state.storage.sql.exec('UPDATE requests SET expires_at = ? WHERE id = ?', Date.now() - 1, id);
    });
    await runDurableObjectAlarm(hubStub());
    for (const request of model.pending)
      for (const who of [request.from, request.to])
        await real.clients[who]!.next('chat-request-expired', (frame) => frame.requestId === request.id);
    model.pending = [];
    await expectStoredStateMatches(model, real);
  }
  toString() {
    return 'expire';
  }
}

/** A reload: the socket drops and a new one joins within the grace period. Nothing ends; the snapshot has it all. */
class ReconnectCommand implements fc.AsyncCommand<Model, Real> {
  readonly who: Who;
  constructor(who: Who) {
    this.who = who;
  }
  check() {
    return true;
  }
  async run(model: Model, real: Real) {
    real.clients[this.who]!.close(1001);
    model.messagesSent[this.who] = 0;
    await expectStoredStateMatches(model, real);
    const client = await ChatClient.connect(real.members[this.who]!, JOIN);
    real.clients[this.who] = client;
    for (const request of model.pending) {
      if (request.from === this.who) await client.next('chat-request-sent', (frame) => frame.requestId === request.id);
      if (request.to === this.who)
        await client.next('incoming-chat-request', (frame) => frame.requestId === request.id);
    }
    for (const session of model.sessions) {
      if (session.a !== this.who && session.b !== this.who) continue;
      const sessionId = real.sessionIds.get(pairKey(session.a, session.b))!;
      await client.next('chat-session-started', (frame) => frame.sessionId === sessionId);
      await client.sessionReady(sessionId);
    }
    await client.barrier();
    const snapshotTypes = new Set(['chat-request-sent', 'incoming-chat-request', 'chat-session-started']);
    const replayed = client.received.filter((frame) => snapshotTypes.has(frame.type));
    expect(replayed).toHaveLength(
      model.pending.filter((request) => request.from === this.who || request.to === this.who).length +
        model.sessions.filter((session) => session.a === this.who || session.b === this.who).length,
    );
    await expectStoredStateMatches(model, real);
  }
  toString() {
    return `reconnect(${this.who})`;
  }
}

/** The socket drops and the member stays away past the grace period (the alarm ends it): everything of theirs ends. */
class LeaveCommand implements fc.AsyncCommand<Model, Real> {
  readonly who: Who;
  constructor(who: Who) {
    this.who = who;
  }
  check() {
    return true;
  }
  async run(model: Model, real: Real) {
    const member = real.members[this.who]!;
    real.clients[this.who]!.close(1001);
    let away = false;
    for (let attempt = 0; attempt < 40 && !away; attempt += 1) {
      away = await runInDurableObject(hubStub(), (_instance, state) => {
        const rows = state.storage.sql
          .exec('UPDATE away SET until = ? WHERE user_id = ? RETURNING user_id', Date.now() - 1, member.id)
          .toArray();
        return rows.length > 0;
      });
      if (!away) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(away).toBe(true);
    await runDurableObjectAlarm(hubStub());
    // Their sessions end and every request to or from them goes, each side told why.
    for (const session of model.sessions.filter((s) => s.a === this.who || s.b === this.who)) {
      const sessionId = real.sessionIds.get(pairKey(session.a, session.b));
      const partner = session.a === this.who ? session.b : session.a;
      await real.clients[partner]!.next(
        'chat-session-ended',
        (frame) => frame.sessionId === sessionId && frame.reason === 'offline',
      );
    }
    for (const request of model.pending) {
      if (request.from === this.who)
        await real.clients[request.to]!.next(
          'chat-request-cancelled',
          (frame) => frame.requestId === request.id && frame.reason === 'offline',
        );
      else if (request.to === this.who)
        await real.clients[request.from]!.next(
          'chat-request-expired',
          (frame) => frame.requestId === request.id && frame.reason === 'offline',
        );
    }
    model.sessions = model.sessions.filter((session) => session.a !== this.who && session.b !== this.who);
    model.pending = model.pending.filter((request) => request.from !== this.who && request.to !== this.who);
    model.messagesSent[this.who] = 0;
    await expectStoredStateMatches(model, real);
    real.clients[this.who] = await ChatClient.connect(member, JOIN);
  }
  toString() {
    return `leave(${this.who})`;
  }
}

const who = fc.constantFrom(...MEMBERS);
const commands = [
  fc.tuple(who, who).map(([from, to]) => new RequestCommand(from, to)),
  fc
    .tuple(who, fc.constantFrom<Answer>('cancel', 'accept', 'reject'), fc.nat(5))
    .map(([by, answer, pick]) => new AnswerCommand(by, answer, pick)),
  fc
    .tuple(who, fc.constantFrom('send' as const, 'end' as const), fc.nat(5))
    .map(([by, action, pick]) => new SessionCommand(by, action, pick)),
  fc.constant(new ExpireCommand()),
  who.map((member) => new ReconnectCommand(member)),
  who.map((member) => new LeaveCommand(member)),
];

it('behaves like the model for any sequence of requests, answers, messages, expiries and reconnects', async () => {
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: 'medium' }), async (sequence) => {
      // Five members for each of the 25 runs, written in bulk: registering 125 would outlast the test.
      const members = await createMembers(
        MEMBERS.map((who) => ({ premium: who === PREMIUM })),
        { inBulk: true },
      );
      const clients = await Promise.all(members.map((member) => ChatClient.connect(member, JOIN)));
      const real: Real = { members, clients, sessionIds: new Map(), clock: Date.now() };
      const model: Model = {
        pending: [],
        sessions: [],
        requestsSent: MEMBERS.map(() => 0),
        messagesSent: MEMBERS.map(() => 0),
      };
      try {
        await fc.asyncModelRun(() => ({ model, real }), sequence);
        await expectPresenceConverged(real);
      } finally {
        for (const client of real.clients) client.close();
      }
    }),
    { numRuns: 25 },
  );
}, 120_000);
