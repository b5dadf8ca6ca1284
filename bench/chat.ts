// Chat load benchmark (`npm run bench:chat`). The ChatHub is one Durable Object for everyone's presence and
// requests, and each chat session has an object of its own that carries its messages (ADR 005); the figures
// alone say little on a shared machine, so the same message load runs in the same run through a bare relay
// Durable Object (bench/echo-worker) and the ratio is what to read. Load: 500 members with real sessions, each
// with a socket to the hub (GET /ws/chat of the app served as `npm start` serves it, joined as the web app joins)
// and, once paired into 250 chat sessions, a socket to their session's object; every member sends 1 message a
// second for 20 s, under the per-socket message limit (CHAT_BENCH_SOCKETS, CHAT_BENCH_SECONDS and
// CHAT_BENCH_RATE change these). Delivery latency is taken when the partner receives the message, on this
// process's one clock, and the slow deliveries are grouped into the bursts they came in (a burst is workerd's thread
// held up once: a p99 that one pause decides shows as one burst, in the relays' runs too). The isolate's heap is
// sampled during the run (bench/workerd-heap.ts): the app's largest bursts come with its major collections. The
// frames the hub's sockets carry meanwhile are counted (none should be). workerd's memory and CPU are read from
// /proc. Like the app, the bare relay sends each message to both members' sockets. A second run repeats the load on
// a fresh app while one abusive account holds as many hub sockets as it may and floods `join`, and tries to open
// more; a third beside a member who sends 2,000 invalid frames over their five sockets, far past the frame budget;
// a fourth with clients written to the spec, whose messages and typing go over /ws/chat and the hub carries them
// to each session's object and back (what that costs the hub per message). The bare relay runs it too, once as one object and once with an object per pair, the
// app's own topology, so what the app's code adds per message can be read apart from what an object per chat costs.
// Last, on an app of its own, what one presence change costs at 100, 500 and 2,000 online (bench/chat-presence.ts).
// Each target's heap is first collected in full through the inspector (what its set-up left is not the messages'
// garbage), then it carries the same load for a few seconds that are not measured (WARM_UP_SECONDS), and this
// process's own heap is collected before the measured run. Figures are printed with their budgets; nothing fails.
import { createClient } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { insertMembersWithSessions, type MemberWithSession } from '../db/members-with-sessions.ts';
import { CHAT_SOCKETS_PER_MEMBER } from '../common/limits.ts';
import { buildRequestId, chatSessionPath, type ClientFrame, type ServerFrame } from '../common/chat-protocol.ts';
import { freePort, startApp, startWranglerDev, type RunningApp, type WranglerDev } from '../scripts/app.ts';
import { PRESENCE_PREFIX, presenceBench, type PresenceResult } from './chat-presence.ts';
import { benchSize, buildsWeb, SMOKE } from './size.ts';
import { NodeWebSocket } from './node-websocket.ts';
import { COLLECTION_MB, collectGarbage, watchHeap, type HeapTrace } from './workerd-heap.ts';
import { workerdUsage } from './workerd-usage.ts';

/** A full collection of this process's heap: `gc` exposed at run time (the benchmarks run without `--expose-gc`). */
setFlagsFromString('--expose-gc');
const collectClientGarbage = runInNewContext('gc') as () => void;

const SOCKETS = Math.ceil(benchSize(500, 4, 'CHAT_BENCH_SOCKETS') / 2) * 2;
/** Members online in the presence part (bench/chat-presence.ts), e.g. CHAT_BENCH_PRESENCE=100,500 where memory is short. */
const PRESENCE_SIZES = process.env.CHAT_BENCH_PRESENCE
  ? process.env.CHAT_BENCH_PRESENCE.split(',').map(Number)
  : SMOKE
    ? [2]
    : [100, 500, 2000];
/**
 * The runs to make (CHAT_BENCH_ROWS, e.g. `sessions,flooder`): the app as the web app uses it (`sessions`), beside an
 * abusive account (`abuser`), beside a member flooding past the budget (`flooder`), with clients written to the spec
 * (`spec`), the bare relays (`relay`) and the presence part (`presence`). All of them unless it says otherwise.
 */
const ROWS = new Set(
  (process.env.CHAT_BENCH_ROWS ?? 'sessions,abuser,flooder,spec,relay,presence').split(',').map((row) => row.trim()),
);
/** Presence changes measured per row. */
const PRESENCE_CHANGES = SMOKE ? 1 : 10;
const SECONDS = benchSize(20, 1, 'CHAT_BENCH_SECONDS');
/** Messages a second per socket; the hub allows bursts of 10 and 2 a second sustained. */
const RATE = benchSize(1, 1, 'CHAT_BENCH_RATE');
/** Sockets opened at once: each upgrade is two database reads in the Worker, and two cores serve both sides. */
const OPEN_WAVE = 25;
/** Pairs formed at once (no database involved), so two cores are not swamped. */
const PAIR_WAVE = 25;
/**
 * The hub coalesces presence for up to 5 s; this long without a presence frame means the joins have settled (at
 * smoke size the run does not wait for that: its figures mean nothing).
 */
const QUIET_MS = SMOKE ? 300 : 6000;
/** After the last send, deliveries still count for this long (then what is missing is lost). */
const GRACE_MS = 5000;
/**
 * Seconds of the same load on every session before the measured run, not counted: a fresh workerd's first messages
 * measure V8 compiling the code, not the design, and the first target ran on a fresh process while the others did not.
 */
const WARM_UP_SECONDS = benchSize(3, 0);
const STEP_TIMEOUT_MS = 60_000;
/** A delivery slower than this is part of the tail (the bare relays' p99 is 4 to 6 ms on a quiet machine here). */
const SLOW_DELIVERY_MS = 8;
/** Slow deliveries that arrive within this of each other are one burst: workerd's thread was held up once. */
const BURST_GAP_MS = 30;
const LAG_RESOLUTION_MS = 10;

/** `wrangler dev` restarts the Worker when dist/web or a source file changes, and every socket drops (1006). */
const RELOAD_HINT =
  '; did something rebuild dist/web or edit the Worker meanwhile? wrangler dev reloads and drops every socket';

type SendMessage = Extract<ClientFrame, { type: 'send-message' }>;
/**
 * A frame a bench socket receives. Presence lists are counted but never parsed: 500 entries to 500 sockets on
 * every change would make this client the bottleneck. The relay hands on the sender's own frame, to both sockets of
 * the pair as the app sends its `new-message`. The socket closing is passed to the waiters as a frame of its own.
 */
type Frame =
  | Exclude<ServerFrame, { type: 'online-users-updated' | 'online-users-changed' }>
  | { type: 'online-users-updated' | 'online-users-changed' }
  | SendMessage
  | { type: 'socket-closed'; code: number; reason: string };

/** Where the load goes and how a message comes back; everything else is the same for both rows. */
interface Target {
  label: string;
  /** The wrangler process, for the memory and CPU of the workerd beneath it. */
  pid: number;
  /** wrangler's inspector, for the isolate's heap during the run (bench/workerd-heap.ts). */
  inspectorPort: number;
  open(index: number): WebSocket;
  /** After the socket opened: resolves when it is ready to be paired. */
  ready(peer: Peer): Promise<unknown>;
  /** Makes the pair's chat session; resolves with the session id messages carry. */
  pair(a: Peer, b: Peer): Promise<string>;
  /** Whether the first socket is the hub's, whose frames during the run are counted. */
  hubCounted?: boolean;
  /** The message text of a frame that delivers one, else undefined. */
  contentOf(frame: Frame): string | undefined;
}

interface Stats {
  sent: number;
  delivered: number;
  deliveredInWindow: number;
  perSecond: number[];
  latencies: number[];
  /** The measured run's deliveries slower than SLOW_DELIVERY_MS: when they arrived (ms into the run) and how long they took. */
  slow: { arrivedAt: number; latency: number }[];
  errors: Map<string, number>;
  presenceFrames: number;
  presenceBytes: number;
  unexpectedCloses: number;
  /** Frames other than presence (and their bytes) the hub's sockets received during the run, and messages sent to the hub. */
  hubFramesOut: number;
  hubBytesOut: number;
  hubFramesIn: number;
  measuring: boolean;
  startedAt: number;
  stopAt: number;
  lastPresenceAt: number;
}

class Peer {
  readonly index: number;
  /** The socket opened first: the hub's (/ws/chat), or the relay's. */
  readonly socket: WebSocket;
  /** Where messages go: the chat session's own socket once it is open, else the first socket. */
  messageSocket: WebSocket;
  readonly sockets: WebSocket[] = [];
  readonly opened: Promise<void>;
  partner: Peer | undefined;
  sessionId = '';
  private readonly waiters = new Set<(frame: Frame) => boolean>();
  private readonly target: Target;
  private readonly stats: Stats;

  constructor(index: number, socket: WebSocket, target: Target, stats: Stats) {
    this.index = index;
    this.socket = this.messageSocket = socket;
    this.target = target;
    this.stats = stats;
    this.opened = this.attach(socket, true);
  }

  /** Listens to a socket of this peer's (the first, or its chat session's); resolves when it is open. */
  attach(socket: WebSocket, first = false): Promise<void> {
    const { stats, target, index } = this;
    this.sockets.push(socket);
    const opened = new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`socket ${index} failed to open`)), { once: true });
    });
    socket.addEventListener('close', (event: CloseEvent) => {
      if (stats.startedAt && !stats.stopAt) stats.unexpectedCloses++;
      this.dispatch({ type: 'socket-closed', code: event.code, reason: event.reason });
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as string;
      // What the hub sends while messages flow, besides presence: nothing, once chats have sockets of their own.
      if (first && stats.measuring && target.hubCounted && !data.startsWith(PRESENCE_PREFIX)) {
        stats.hubFramesOut++;
        stats.hubBytesOut += data.length;
      }
      let frame: Frame;
      if (data.startsWith(PRESENCE_PREFIX)) {
        stats.presenceFrames++;
        stats.presenceBytes += data.length;
        stats.lastPresenceAt = performance.now();
        frame = {
          type: data.startsWith('{"type":"online-users-updated"') ? 'online-users-updated' : 'online-users-changed',
        };
      } else {
        frame = JSON.parse(data) as Frame;
      }
      const content = target.contentOf(frame);
      if (content !== undefined) return this.received(content, stats);
      if (frame.type === 'error' && stats.measuring)
        stats.errors.set(frame.code, (stats.errors.get(frame.code) ?? 0) + 1);
      this.dispatch(frame);
    });
    return opened;
  }

  private dispatch(frame: Frame) {
    for (const waiter of this.waiters) if (waiter(frame)) this.waiters.delete(waiter);
  }

  /** The first frame from now on that matches; an error frame or the socket closing fails the wait. */
  next<T extends Frame['type']>(type: T, matches: (frame: Extract<Frame, { type: T }>) => boolean = () => true) {
    return new Promise<Extract<Frame, { type: T }>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`socket ${this.index} waited ${STEP_TIMEOUT_MS / 1000} s for ${type}`));
      }, STEP_TIMEOUT_MS).unref();
      const waiter = (frame: Frame) => {
        if (frame.type === 'error')
          reject(new Error(`socket ${this.index} waiting for ${type} got error ${frame.code}`));
        else if (frame.type === 'socket-closed')
          reject(
            new Error(
              `socket ${this.index} closed (${frame.code} ${frame.reason}) while waiting for ${type}${RELOAD_HINT}`,
            ),
          );
        else if (frame.type !== type || !matches(frame as Extract<Frame, { type: T }>)) return false;
        clearTimeout(timer);
        resolve(frame as Extract<Frame, { type: T }>);
        return true;
      };
      this.waiters.add(waiter);
    });
  }

  send(frame: ClientFrame) {
    this.socket.send(JSON.stringify(frame));
  }

  /** Message text is `<sender index> <sequence> <performance.now() at sending>`. */
  sendMessage(stats: Stats, sequence: number) {
    const frame: ClientFrame = {
      type: 'send-message',
      sessionId: this.sessionId,
      content: `${this.index} ${sequence} ${performance.now().toFixed(3)}`,
    };
    this.messageSocket.send(JSON.stringify(frame));
    if (this.messageSocket === this.socket && this.target.hubCounted) stats.hubFramesIn++;
    stats.sent++;
  }

  private received(content: string, stats: Stats) {
    const [from, , sentAt] = content.split(' ');
    if (Number(from) !== this.partner?.index || !stats.startedAt) return; // the ChatHub's copy to the sender
    const now = performance.now();
    stats.delivered++;
    const latency = now - Number(sentAt);
    stats.latencies.push(latency);
    if (stats.measuring && latency > SLOW_DELIVERY_MS) stats.slow.push({ arrivedAt: now - stats.startedAt, latency });
    if (now <= stats.stopAt || !stats.stopAt) {
      stats.deliveredInWindow++;
      const second = Math.floor((now - stats.startedAt) / 1000);
      stats.perSecond[second] = (stats.perSecond[second] ?? 0) + 1;
    }
  }
}

function clientRssMb() {
  return process.memoryUsage.rss() / 1024 / 1024;
}

// The load ------------------------------------------------------------------------------------------------------

interface Result {
  label: string;
  openMs: number;
  pairMs: number;
  setupPresenceFrames: number;
  setupPresenceMb: number;
  /** The WebSocket extensions the server agreed to (permessage-deflate costs memory and CPU per socket). */
  extensions: string;
  stats: Stats;
  rssBefore: number;
  rssAfterSetup: number;
  rssPeak: number;
  /** workerd CPU seconds while opening (and joining), pairing, and sending. */
  cpuOpen: number;
  cpuPair: number;
  cpuRun: number;
  clientRssPeak: number;
  clientLagP99Ms: number;
  /** The longest the client's event loop was held during the run: a burst that long is the client's own. */
  clientLagMaxMs: number;
  clientBusy: number;
  /** The isolate's heap during the run; collections timed in ms into the run, as the slow deliveries are. */
  heap: HeapTrace;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The slow deliveries grouped into bursts (arrivals less than BURST_GAP_MS apart): a p99 over 10,000 messages is the
 * 100th slowest, so one or two bursts of a few dozen messages decide it.
 */
function bursts(slow: Stats['slow']): { at: number; count: number; max: number }[] {
  const found: { at: number; end: number; count: number; max: number }[] = [];
  for (const { arrivedAt, latency } of [...slow].sort((a, b) => a.arrivedAt - b.arrivedAt)) {
    const last = found.at(-1);
    if (last && arrivedAt - last.end < BURST_GAP_MS) {
      last.end = arrivedAt;
      last.count++;
      last.max = Math.max(last.max, latency);
    } else found.push({ at: arrivedAt, end: arrivedAt, count: 1, max: latency });
  }
  return found;
}

async function waitForQuiet(stats: Stats) {
  while (performance.now() - stats.lastPresenceAt < QUIET_MS) await sleep(100);
}

/** Something that runs beside the measured load while messages are sent; `start` returns its `stop`. */
interface SideLoad {
  start(): () => void;
}

/** The run's load for WARM_UP_SECONDS on every session; its messages are neither timed nor counted (`received` times a message only once the run has started). */
async function warmUp(peers: Peer[], stats: Stats): Promise<void> {
  const periodMs = 1000 / RATE;
  const timers = peers.flatMap((peer) =>
    Array.from({ length: WARM_UP_SECONDS * RATE }, (_, sequence) =>
      setTimeout(() => peer.sendMessage(stats, sequence), Math.random() * periodMs + sequence * periodMs),
    ),
  );
  await sleep(WARM_UP_SECONDS * 1000 + GRACE_MS);
  for (const timer of timers) clearTimeout(timer);
  stats.sent = 0;
  stats.hubFramesIn = 0;
}

async function runLoad(target: Target, sideLoad?: SideLoad): Promise<Result> {
  const stats: Stats = {
    sent: 0,
    delivered: 0,
    deliveredInWindow: 0,
    perSecond: [],
    latencies: [],
    slow: [],
    errors: new Map(),
    presenceFrames: 0,
    presenceBytes: 0,
    unexpectedCloses: 0,
    hubFramesOut: 0,
    hubBytesOut: 0,
    hubFramesIn: 0,
    measuring: false,
    startedAt: 0,
    stopAt: 0,
    lastPresenceAt: 0,
  };
  const peers: Peer[] = [];
  const before = workerdUsage(target.pid);
  process.stdout.write(`${target.label}: opening ${SOCKETS} sockets`);
  try {
    const openStart = performance.now();
    for (let first = 0; first < SOCKETS; first += OPEN_WAVE) {
      const wave: Peer[] = [];
      for (let index = first; index < Math.min(SOCKETS, first + OPEN_WAVE); index++)
        wave.push(new Peer(index, target.open(index), target, stats));
      peers.push(...wave);
      await Promise.all(
        wave.map(async (peer) => {
          await peer.opened;
          await target.ready(peer);
        }),
      );
    }
    const openMs = performance.now() - openStart;
    await waitForQuiet(stats);
    const opened = workerdUsage(target.pid);

    process.stdout.write(`, pairing ${SOCKETS / 2} sessions`);
    const pairStart = performance.now();
    for (let first = 0; first < SOCKETS; first += 2 * PAIR_WAVE) {
      await Promise.all(
        peers.slice(first, first + 2 * PAIR_WAVE).flatMap((peer, offset) => {
          if (offset % 2) return [];
          const partner = peers[peer.index + 1]!;
          peer.partner = partner;
          partner.partner = peer;
          return target.pair(peer, partner).then((sessionId) => {
            peer.sessionId = partner.sessionId = sessionId;
          });
        }),
      );
    }
    const pairMs = performance.now() - pairStart;
    await waitForQuiet(stats);
    const setupPresenceFrames = stats.presenceFrames;
    const setupPresenceMb = stats.presenceBytes / 1024 / 1024;
    const paired = workerdUsage(target.pid);
    // Every target's warm-up starts from a collected heap: the app's set-up (500 sign-ins, joins and pairings, which
    // the bare relay has none of) leaves tens of MB of garbage, collected otherwise a few seconds into the run. The
    // warm-up comes after, since a full collection also drops compiled code, which the first messages then rebuild.
    await collectGarbage(target.inspectorPort);
    if (WARM_UP_SECONDS > 0) {
      process.stdout.write(`, warming up for ${WARM_UP_SECONDS} s`);
      await warmUp(peers, stats);
    }
    const warmed = workerdUsage(target.pid);
    // This process's own garbage too (its sockets' set-up and the warm-up's frames): a major collection of the
    // client's heap during the run pauses the very clock the deliveries are timed on.
    collectClientGarbage();

    process.stdout.write(`, sending for ${SECONDS} s`);
    stats.presenceFrames = stats.presenceBytes = 0;
    let rssPeak = paired.rssMb;
    let clientRssPeak = clientRssMb();
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, workerdUsage(target.pid).rssMb);
      clientRssPeak = Math.max(clientRssPeak, clientRssMb());
    }, 250);
    const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
    lag.enable();
    const heap = await watchHeap(target.inspectorPort);
    const busyBefore = performance.eventLoopUtilization();
    const periodMs = 1000 / RATE;
    stats.measuring = true;
    stats.startedAt = performance.now();
    const sendUntil = stats.startedAt + SECONDS * 1000;
    const stopSideLoad = sideLoad?.start();
    const timers = peers.map((peer) => {
      let sequence = 0;
      // A random phase spreads the sends over the period; each send is timed from the start, so nothing drifts.
      const phase = Math.random() * periodMs;
      const tick = () => {
        if (performance.now() >= sendUntil) return;
        peer.sendMessage(stats, sequence++);
        timer = setTimeout(tick, Math.max(0, stats.startedAt + phase + sequence * periodMs - performance.now()));
      };
      let timer = setTimeout(tick, phase);
      return () => clearTimeout(timer);
    });
    await sleep(SECONDS * 1000);
    stats.stopAt = performance.now();
    const heapTrace = heap.stop();
    const sent = workerdUsage(target.pid);
    for (const stop of timers) stop();
    stopSideLoad?.();
    const graceEnd = performance.now() + GRACE_MS;
    while (stats.delivered < stats.sent && performance.now() < graceEnd) await sleep(50);
    stats.measuring = false;
    lag.disable();
    const clientBusy = performance.eventLoopUtilization(busyBefore).utilization;
    clearInterval(sampler);
    console.log('.');
    return {
      label: target.label,
      openMs,
      pairMs,
      setupPresenceFrames,
      setupPresenceMb,
      extensions: `${peers[0]?.socket.extensions || 'none'}${peers[0] && peers[0].messageSocket !== peers[0].socket ? ` (the chat's own socket: ${peers[0].messageSocket.extensions || 'none'})` : ''}`,
      stats,
      rssBefore: before.rssMb,
      rssAfterSetup: paired.rssMb,
      rssPeak: Math.max(rssPeak, sent.rssMb),
      cpuOpen: opened.cpuSeconds - before.cpuSeconds,
      cpuPair: paired.cpuSeconds - opened.cpuSeconds,
      cpuRun: sent.cpuSeconds - warmed.cpuSeconds,
      clientRssPeak,
      // The histogram holds the time between samples; what is beyond the sampling interval is lag.
      clientLagP99Ms: Math.max(0, lag.percentile(99) / 1e6 - LAG_RESOLUTION_MS),
      clientLagMaxMs: Math.max(0, lag.max / 1e6 - LAG_RESOLUTION_MS),
      clientBusy,
      heap: {
        ...heapTrace,
        collections: heapTrace.collections.map((collection) => ({
          ...collection,
          at: collection.at - stats.startedAt,
        })),
      },
    };
  } finally {
    stats.stopAt ||= performance.now();
    await Promise.race([
      Promise.all(
        peers.map(
          (peer) =>
            new Promise((closed) => {
              const open = peer.sockets.filter((socket) => socket.readyState !== WebSocket.CLOSED);
              if (open.length === 0) return closed(undefined);
              let left = open.length;
              for (const socket of open) {
                socket.addEventListener('close', () => --left === 0 && closed(undefined), { once: true });
                socket.close(1000, 'bench done');
              }
            }),
        ),
      ),
      sleep(10_000),
    ]);
  }
}

// The two targets -------------------------------------------------------------------------------------------------

/** Members with sessions, written straight into the app's database (as the Worker tests do). */
async function createMembers(app: RunningApp, count: number, prefix = 'Bench Chatter'): Promise<MemberWithSession[]> {
  const db = createClient({ url: app.databaseUrl, authToken: app.databaseAuthToken });
  try {
    return await insertMembersWithSessions(
      db,
      Array.from({ length: count }, (_, index) => ({ name: `${prefix} ${String(index + 1).padStart(4, '0')}` })),
    );
  } finally {
    db.close();
  }
}

/** What the load needs of a `wrangler dev`: the app's (RunningApp) or the bare relay's. */
type Served = Pick<WranglerDev, 'url' | 'pid' | 'inspectorPort'>;

/**
 * The app: as the web app uses it (each chat's messages on its own socket), or (`spec`) as a client written to the
 * spec does, messages and typing over the hub's socket. The spec clients still join for presence as changes, so that
 * their row measures the messages' path alone (whole lists are measured by the presence part).
 */
function chatHubTarget({ url, pid, inspectorPort }: Served, members: MemberWithSession[], spec = false): Target {
  const wsBase = url.replace(/^http/, 'ws');
  const member = (peer: Peer) => members[peer.index]!;
  const headers = (index: number) => ({ Origin: url, Authorization: `Bearer ${members[index]!.token}` });
  return {
    label: spec ? 'ChatHub, spec clients' : 'ChatHub + sessions',
    pid,
    inspectorPort,
    hubCounted: true,
    open: (index) => new NodeWebSocket(`${wsBase}/ws/chat`, { headers: headers(index) }),
    ready(peer) {
      const snapshot = peer.next('online-users-updated');
      // As the web app joins: presence as changes after one whole list, and each chat's messages on its own socket.
      peer.send({
        type: 'join',
        userId: member(peer).id,
        presence: 'delta',
        ...(spec ? {} : { sessionSockets: true }),
      });
      return snapshot;
    },
    async pair(a, b) {
      const requestId = buildRequestId(member(a).id, member(b).id, Date.now());
      const incoming = b.next('incoming-chat-request', (frame) => frame.requestId === requestId);
      const started = Promise.all([a.next('chat-session-started'), b.next('chat-session-started')]);
      a.send({ type: 'chat-request', recipientId: member(b).id, requestId });
      const accepted = incoming.then(() => b.send({ type: 'accept-chat-request', requestId }));
      const [, [forA, forB]] = await Promise.all([accepted, started]);
      if (forA.sessionId !== forB.sessionId) throw new Error(`pair ${a.index}: two different sessions`);
      if (spec) return forA.sessionId;
      // As the web app does: each side opens the chat's own socket, where messages go.
      await Promise.all(
        [a, b].map(async (peer) => {
          const socket = new NodeWebSocket(`${wsBase}${chatSessionPath(forA.sessionId)}`, {
            headers: headers(peer.index),
          });
          await peer.attach(socket);
          peer.messageSocket = socket;
        }),
      );
      return forA.sessionId;
    },
    contentOf: (frame) => (frame.type === 'new-message' ? frame.message.content : undefined),
  };
}

/** What the abusive account managed: frames sent, sockets the hub closed, sockets it tried again, sockets refused. */
const abuse = { joinsSent: 0, closedByHub: new Map<number, number>(), refused: 0, reopened: 0 };

/**
 * One account holding every socket it may, each sending `join` 10 times a second (under the per-socket flood
 * limit, as in the attack), and trying one socket more than allowed. For the whole run it reopens what the hub
 * closes a quarter of a second later, and tries again a second after each refusal (the Worker's connect limit,
 * the cap, or the cool-down after a flood).
 */
function abusiveMember(url: string, abuser: MemberWithSession): SideLoad {
  const wsUrl = `${url.replace(/^http/, 'ws')}/ws/chat`;
  const headers = { Origin: url, Authorization: `Bearer ${abuser.token}` };
  let running = true;
  const sockets = new Set<WebSocket>();
  const open = (counted: boolean) => {
    const socket = new NodeWebSocket(wsUrl, { headers });
    if (counted) abuse.reopened++;
    let timer: NodeJS.Timeout | undefined;
    socket.addEventListener('open', () => {
      sockets.add(socket);
      timer = setInterval(() => {
        socket.send(JSON.stringify({ type: 'join', userId: abuser.id } satisfies ClientFrame));
        abuse.joinsSent++;
      }, 100);
    });
    socket.addEventListener('error', () => abuse.refused++);
    socket.addEventListener('close', (event: CloseEvent) => {
      clearInterval(timer);
      const wasOpen = sockets.delete(socket);
      if (wasOpen) abuse.closedByHub.set(event.code, (abuse.closedByHub.get(event.code) ?? 0) + 1);
      if (running) setTimeout(() => running && open(true), wasOpen ? 250 : 1000);
    });
  };
  return {
    start() {
      for (let i = 0; i <= CHAT_SOCKETS_PER_MEMBER; i++) open(false);
      return () => {
        running = false;
        for (const socket of sockets) socket.close(1000, 'bench done');
      };
    },
  };
}

/** What the flooding member managed: frames sent, sockets the hub closed. */
const flood = { framesSent: 0, closedByHub: new Map<number, number>() };
const FLOOD_FRAMES = 2000;

/**
 * One member with every socket they may hold, each sending its share of FLOOD_FRAMES invalid frames at once as soon
 * as all are open: the budget is spent within the first few, and the rest arrive after it.
 */
function memberFloodingPastBudget(url: string, flooder: MemberWithSession): SideLoad {
  const wsUrl = `${url.replace(/^http/, 'ws')}/ws/chat`;
  const headers = { Origin: url, Authorization: `Bearer ${flooder.token}` };
  const sockets = Array.from({ length: CHAT_SOCKETS_PER_MEMBER }, () => new NodeWebSocket(wsUrl, { headers }));
  const opened = Promise.all(
    sockets.map((socket) => new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }))),
  );
  for (const socket of sockets)
    socket.addEventListener('close', (event: CloseEvent) =>
      flood.closedByHub.set(event.code, (flood.closedByHub.get(event.code) ?? 0) + 1),
    );
  return {
    start() {
      void opened.then(() => {
        for (const socket of sockets)
          for (let i = 0; i < FLOOD_FRAMES / sockets.length; i++) {
            socket.send('{');
            flood.framesSent++;
          }
      });
      return () => {
        for (const socket of sockets) if (socket.readyState === WebSocket.OPEN) socket.close(1000, 'bench done');
      };
    },
  };
}

/** The bare relay: one object for every pair, or (`perPair`) an object per pair, as the app has one per chat. */
function relayTarget({ url, pid, inspectorPort }: Served, perPair = false): Target {
  const wsUrl = `${url.replace(/^http/, 'ws')}/ws`;
  return {
    label: perPair ? 'bare relay, DO per pair' : 'bare relay DO',
    pid,
    inspectorPort,
    open: (index) => new WebSocket(`${wsUrl}?pair=${index >> 1}${perPair ? '&objects=pair' : ''}`),
    ready: async () => {},
    pair: async (a) => `relay-${a.index >> 1}`,
    contentOf: (frame) => (frame.type === 'send-message' ? frame.content : undefined),
  };
}

// The run ---------------------------------------------------------------------------------------------------------

const results: Result[] = [];
let presence: PresenceResult | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'spa-bench-chat-'));
try {
  console.log(
    `\nChat load: ${SOCKETS} sockets in ${SOCKETS / 2} sessions, ${RATE} message/s per socket for ${SECONDS} s, loopback`,
  );
  /** Runs `load` on an app of its own, started fresh, so that no run carries the heap or the hub of the one before. */
  const onFreshApp = async (name: string, build: boolean, load: (app: RunningApp) => Promise<Result>) => {
    const app = await startApp({ port: await freePort(), dataDir: join(dataDir, name), build });
    try {
      results.push(await load(app));
    } finally {
      await app.stop();
    }
  };
  let built = !buildsWeb();
  /** The first app builds the web app when this run builds it at all. */
  const build = () => !built && (built = true);
  if (ROWS.has('sessions'))
    await onFreshApp('app', build(), async (app) => runLoad(chatHubTarget(app, await createMembers(app, SOCKETS))));
  // The abuser's run is the first one again with one abusive account beside it: the same fresh start, so the ratio of
  // the two p99s is the abuser's doing alone (run on the first app, it also carried that run's 1 GB heap).
  if (ROWS.has('abuser'))
    await onFreshApp('abused', build(), async (app) => {
      const others = await createMembers(app, SOCKETS, 'Bench Bystander');
      const [abuser] = await createMembers(app, 1, 'Bench Abuser');
      return runLoad({ ...chatHubTarget(app, others), label: 'ChatHub + abuser' }, abusiveMember(app.url, abuser!));
    });
  if (ROWS.has('flooder'))
    await onFreshApp('flooded', build(), async (app) => {
      const others = await createMembers(app, SOCKETS, 'Bench Bystander');
      const [flooder] = await createMembers(app, 1, 'Bench Flooder');
      return runLoad(
        { ...chatHubTarget(app, others), label: 'ChatHub + flooder' },
        memberFloodingPastBudget(app.url, flooder!),
      );
    });
  if (ROWS.has('spec'))
    await onFreshApp('spec', build(), async (app) =>
      runLoad(chatHubTarget(app, await createMembers(app, SOCKETS), true)),
    );
  if (ROWS.has('relay')) {
    const relay = await startWranglerDev({
      port: await freePort(),
      config: 'bench/echo-worker/wrangler.toml',
      persistTo: join(dataDir, 'relay'),
      readyPath: '/',
    });
    try {
      results.push(await runLoad(relayTarget(relay)));
      results.push(await runLoad(relayTarget(relay, true)));
    } finally {
      await relay.stop();
    }
  }
  // Last, so that the 2,000 sockets' garbage in this process cannot pause the message runs.
  if (ROWS.has('presence')) {
    console.log(
      `\nChat presence: one member's visibility changing with ${PRESENCE_SIZES.join(', ')} others online, loopback`,
    );
    const presenceApp = await startApp({ port: await freePort(), dataDir: join(dataDir, 'presence'), build: build() });
    try {
      presence = await presenceBench(presenceApp, PRESENCE_SIZES, PRESENCE_CHANGES, SMOKE ? 300 : 2000);
    } finally {
      await presenceApp.stop();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const summary = results.map((result) => {
  const sorted = [...result.stats.latencies].sort((a, b) => a - b);
  return {
    ...result,
    offered: result.stats.sent / SECONDS,
    delivered: result.stats.deliveredInWindow / SECONDS,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: [...result.stats.errors.values()].reduce((sum, count) => sum + count, 0),
    lost: result.stats.sent - result.stats.delivered,
  };
});

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
console.log(
  '\ntarget                sockets  sessions  offered msg/s  delivered msg/s   p50 ms   p95 ms   p99 ms  errors   lost  workerd RSS MB (before / peak)',
);
for (const row of summary)
  console.log(
    [
      row.label.padEnd(20),
      String(SOCKETS).padStart(8),
      String(SOCKETS / 2).padStart(9),
      fixed(row.offered).padStart(14),
      fixed(row.delivered).padStart(16),
      fixed(row.p50).padStart(8),
      fixed(row.p95).padStart(8),
      fixed(row.p99).padStart(8),
      String(row.errors).padStart(7),
      String(row.lost).padStart(6),
      `  ${fixed(row.rssBefore, 0)} / ${fixed(row.rssPeak, 0)}`,
    ].join(' '),
  );

for (const row of summary) {
  const seconds = Array.from(
    { length: Math.max(1, Math.floor(SECONDS)) },
    (_, second) => row.stats.perSecond[second] ?? 0,
  );
  const errorCodes = [...row.stats.errors].map(([code, count]) => `${code} ${count}`).join(', ');
  console.log(`\n${row.label}`);
  console.log(
    `  setup     ${SOCKETS} sockets open and joined in ${fixed(row.openMs / 1000)} s (workerd CPU ${fixed(row.cpuOpen, 2)} s), ` +
      `${SOCKETS / 2} sessions in ${fixed(row.pairMs / 1000)} s (CPU ${fixed(row.cpuPair, 2)} s); workerd RSS after setup ${fixed(row.rssAfterSetup, 0)} MB; ` +
      `extensions: ${row.extensions}`,
  );
  console.log(
    `  presence  ${row.setupPresenceFrames} frames, ${fixed(row.setupPresenceMb)} MB (uncompressed) to the clients during setup; ${row.stats.presenceFrames} during the run`,
  );
  console.log(
    `  run       workerd CPU ${fixed(row.cpuRun, 2)} s (${fixed((row.cpuRun / SECONDS) * 100, 0)}% of a core, ` +
      `${fixed((row.cpuRun / row.stats.deliveredInWindow) * 1e6, 0)} µs per delivered message); delivered per second ${Math.min(...seconds)} to ${Math.max(...seconds)}`,
  );
  console.log(
    `  client    RSS peak ${fixed(row.clientRssPeak, 0)} MB; event loop ${fixed(row.clientBusy * 100, 0)}% busy, lag p99 ${fixed(row.clientLagP99Ms)} ms, longest ${fixed(row.clientLagMaxMs)} ms`,
  );
  const held = bursts(row.stats.slow).sort((a, b) => b.count - a.count);
  const largest = held
    .slice(0, 3)
    .map((burst) => `${burst.count} up to ${fixed(burst.max)} ms at ${fixed(burst.at / 1000)} s`);
  console.log(
    `  tail      ${row.stats.slow.length} deliveries over ${SLOW_DELIVERY_MS} ms in ${held.length} bursts${largest.length ? `; the largest: ${largest.join(', ')}` : ''}`,
  );
  const { collections, growthMbPerSecond } = row.heap;
  const listed = collections.map(
    (collection) =>
      `${fixed(collection.fromMb, 0)} to ${fixed(collection.toMb, 0)} MB at ${fixed(collection.at / 1000)} s`,
  );
  console.log(
    `  heap      the isolate's heap grew ${fixed(growthMbPerSecond)} MB/s between collections; ${collections.length} collections freed ${COLLECTION_MB} MB or more${listed.length ? `: ${listed.join(', ')}` : ''}`,
  );
  if (!row.label.startsWith('bare relay'))
    console.log(
      `  hub       ${row.stats.hubFramesOut} frames besides presence (${fixed(row.stats.hubBytesOut / 1024)} kB) from the hub and ${row.stats.hubFramesIn} messages to it during the run, ` +
        `for ${row.stats.deliveredInWindow} messages delivered by the sessions' own objects`,
    );
  if (errorCodes) console.log(`  errors    ${errorCodes}`);
  if (row.stats.unexpectedCloses)
    console.log(`  closed    ${row.stats.unexpectedCloses} sockets closed during the run${RELOAD_HINT}`);
}

if (presence) {
  const trigger = presence.rows.find((row) => row.mode === 'trigger');
  const kb = (bytes: number) =>
    bytes >= 1024 * 1024 ? `${fixed(bytes / 1024 / 1024)} MB` : `${fixed(bytes / 1024)} kB`;
  console.log(
    '\nPresence: one change (a member hides or shows again), every socket told; workerd CPU per change less the trigger alone',
  );
  console.log(
    `  the trigger alone (chat.updateSettings, nobody else online): ${fixed(trigger?.cpuMs ?? NaN)} ms of CPU per change`,
  );
  console.log(
    'online   changes (sockets ask)            hub CPU ms   bytes to the sockets   frames   whole lists (spec): hub CPU ms   bytes',
  );
  for (const online of PRESENCE_SIZES) {
    const delta = presence.rows.find((row) => row.mode === 'delta' && row.online === online);
    const full = presence.rows.find((row) => row.mode === 'full' && row.online === online);
    if (!delta || !full) continue;
    const hubMs = (row: typeof delta) => Math.max(0, row.cpuMs - (trigger?.cpuMs ?? 0));
    console.log(
      [
        String(online).padStart(6),
        `${delta.changes} changes`.padStart(23),
        fixed(hubMs(delta), 2).padStart(18),
        kb(delta.bytes).padStart(22),
        fixed(delta.frames, 0).padStart(8),
        fixed(hubMs(full), 1).padStart(31),
        kb(full.bytes).padStart(8),
        `  (${fixed(hubMs(full) / Math.max(hubMs(delta), 0.01), 0)}x the CPU, ${fixed(full.bytes / delta.bytes, 0)}x the bytes; ${full.changes} changes)`,
      ].join(' '),
    );
  }
  for (const { online, tabs, frames } of presence.ownTabs)
    console.log(
      `  with ${online} online, one member's ${tabs} tabs opening and closing (one a reload within the grace period): ${frames} presence frames to the others   (budget: 0)`,
    );
}

const row = (label: string) => summary.find((result) => result.label === label);
const [hub, abused, flooded, specClients, relay, relayPerPair] = [
  row('ChatHub + sessions'),
  row('ChatHub + abuser'),
  row('ChatHub + flooder'),
  row('ChatHub, spec clients'),
  row('bare relay DO'),
  row('bare relay, DO per pair'),
];
if (hub && abused) {
  const closes = [...abuse.closedByHub].map(([code, count]) => `${count} with ${code}`).join(', ') || 'none';
  console.log(
    `\nOne abusive account (${CHAT_SOCKETS_PER_MEMBER} sockets at most, join 10 times a second on each) beside the same load`,
  );
  console.log(
    `abuser         ${abuse.joinsSent} joins sent; sockets closed by the hub: ${closes}; ${abuse.reopened} tried again; ${abuse.refused} refused (over the cap, cooling down after a flood, or over the connect limit)`,
  );
  console.log(
    `others' p99    ${fixed(abused.p99)} ms vs ${fixed(hub.p99)} ms without the abuser: ${(abused.p99 / hub.p99).toFixed(2)}x   (budget: within 2x)`,
  );
  console.log(
    `others' rate   ${fixed(abused.delivered)} vs ${fixed(hub.delivered)} delivered msg/s; lost ${abused.lost}   (budget: all delivered)`,
  );
}
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : '-');
if (hub && flooded) {
  const closes = [...flood.closedByHub].map(([code, count]) => `${count} with ${code}`).join(', ') || 'none';
  console.log(
    `\nOthers beside a member flooding past the budget (${FLOOD_FRAMES} invalid frames over ${CHAT_SOCKETS_PER_MEMBER} sockets) under the same load`,
  );
  console.log(`flooder        ${flood.framesSent} frames sent; sockets closed by the hub: ${closes}`);
  console.log(
    `others' p99    ${fixed(flooded.p99)} ms vs ${fixed(hub.p99)} ms without the flooder: ${ratio(flooded.p99, hub.p99)}   (budget: within 2x)`,
  );
  console.log(
    `others' rate   ${fixed(flooded.delivered)} vs ${fixed(hub.delivered)} delivered msg/s; lost ${flooded.lost}   (budget: all delivered)`,
  );
}
if (hub && specClients) {
  const cpuPerMessage = (result: typeof hub) => (result.cpuRun / result.stats.deliveredInWindow) * 1e6;
  console.log(
    "\nClients written to the spec (messages and typing over /ws/chat, carried by the hub to each session's object and back) under the same load",
  );
  console.log(
    `CPU / message  ${fixed(cpuPerMessage(specClients), 0)} µs vs ${fixed(cpuPerMessage(hub), 0)} µs on the sessions' own sockets: ${ratio(cpuPerMessage(specClients), cpuPerMessage(hub))}   (the hub's extra work per message, workerd CPU)`,
  );
  console.log(
    `hub / message  ${fixed((specClients.stats.hubFramesIn + specClients.stats.hubFramesOut) / Math.max(1, specClients.stats.deliveredInWindow), 2)} frames through the hub per delivered message`,
  );
  console.log(
    `p99 latency    ${fixed(specClients.p99)} ms vs ${fixed(hub.p99)} ms: ${ratio(specClients.p99, hub.p99)}`,
  );
}
type Row = (typeof summary)[number];
/** The app's run beside a relay's: latency, memory and CPU per message; the budgets with the bare relay they are held to. */
function printBeside(hub: Row, relay: Row, withBudgets: boolean) {
  const budget = (text: string) => (withBudgets ? `   (${text})` : '');
  const memory = (row: Row) => row.rssPeak - row.rssBefore;
  const cpuPerMessage = (row: Row) => row.cpuRun / row.stats.deliveredInWindow;
  if (withBudgets)
    console.log(
      `throughput     ${ratio(hub.delivered, relay.delivered).padStart(7)}   (budget: at least 0.95x; both should deliver what is offered)`,
    );
  console.log(`p50 latency    ${ratio(hub.p50, relay.p50).padStart(7)}`);
  console.log(`p99 latency    ${ratio(hub.p99, relay.p99).padStart(7)}${budget('budget: within 1.5x')}`);
  if (withBudgets) {
    const hubFrames = hub.stats.hubFramesOut + hub.stats.hubFramesIn;
    console.log(
      `hub / message  ${fixed(hubFrames / Math.max(1, hub.stats.deliveredInWindow), 3).padStart(7)}   ` +
        `(message frames the hub handled per delivered message: ${hubFrames} in ${SECONDS} s; messages and typing go to each session's own object, so the hub's CPU per message is nothing)`,
    );
  }
  console.log(
    `memory delta   ${ratio(memory(hub), memory(relay)).padStart(7)}   ` +
      `(${fixed(memory(hub), 0)} MB vs ${fixed(memory(relay), 0)} MB${withBudgets ? ' over the workerd at rest; budget: under 3x' : ''})`,
  );
  console.log(
    `CPU / message  ${ratio(cpuPerMessage(hub), cpuPerMessage(relay)).padStart(7)}${budget('workerd CPU during the run')}`,
  );
  console.log(
    `heap growth    ${ratio(hub.heap.growthMbPerSecond, relay.heap.growthMbPerSecond).padStart(7)}` +
      `${budget("the isolate's heap growth between collections: garbage that outlived the young generation, which sets how often a major collection holds the thread")}`,
  );
  if (!withBudgets) return;
  console.log(
    `setup time     ${ratio(hub.openMs + hub.pairMs, relay.openMs + relay.pairMs).padStart(7)}   (opening, joining and pairing)`,
  );
  console.log(`lost messages  ${hub.lost} vs ${relay.lost}   (budget: 0)`);
}
if (hub && relay) {
  console.log('\nChatHub + sessions / bare relay');
  printBeside(hub, relay, true);
}
if (hub && relayPerPair) {
  // The same topology as the app (an object per chat): what is left is the app's own code on the message path.
  console.log(
    "\nChatHub + sessions / bare relay with a DO per pair (the same topology: the app's own work per message)",
  );
  printBeside(hub, relayPerPair, false);
}
