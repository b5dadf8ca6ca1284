// The chat benchmark's presence part (bench/chat.ts runs it on an app of its own): what one presence change
// costs the hub, and the sockets it goes to, with n members online, when every socket asks for changes
// (`presence: 'delta'`, as the web app and the SDK do) and when every socket takes the spec's whole list. The
// changes are one member hiding from the online list and showing again (`chat.updateSettings`), one at a time,
// each after every socket has heard the one before, so that each is one broadcast. workerd's CPU (the Worker
// and the hub, from /proc) and the presence bytes the sockets receive are divided by the number of changes; the
// same changes with nobody else online give what the trigger itself costs (the tRPC call and its database
// write), which the hub's figure leaves out. Also: a member's second tab opening and closing, and a reload within
// the grace period, must cost the others no frame.
import { createClient } from '@libsql/client';
import { performance } from 'node:perf_hooks';
import { insertMembersWithSessions, type MemberWithSession } from '../db/members-with-sessions.ts';
import type { ClientFrame, PresenceMode } from '../common/chat-protocol.ts';
import type { RunningApp } from '../scripts/app.ts';
import { NodeWebSocket } from './node-websocket.ts';
import { workerdUsage } from './workerd-usage.ts';

/** How every presence frame begins (`online-users-updated` and `-changed`): counted by it, never parsed. */
export const PRESENCE_PREFIX = '{"type":"online-users-';
/** Sockets opened at once (each upgrade is two database reads in the Worker). */
const OPEN_WAVE = 25;
/** The hub answers a socket's `join` at most this often (durable-objects/socket-policy.ts). */
const JOIN_INTERVAL_MS = 3000;
const STEP_TIMEOUT_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Presence frames and bytes received by every listening socket together, and the sockets closed under them. */
interface Heard {
  frames: number;
  bytes: number;
  closed: Map<number, number>;
  wake: () => void;
}

class Listener {
  readonly socket: WebSocket;
  readonly opened: Promise<void>;
  mode: PresenceMode = 'delta';
  joinedAt = 0;
  private closing = false;

  constructor(url: string, member: MemberWithSession, heard: Heard) {
    this.socket = new NodeWebSocket(`${url.replace(/^http/, 'ws')}/ws/chat`, {
      headers: { Origin: url, Authorization: `Bearer ${member.token}` },
    });
    this.opened = new Promise((resolve, reject) => {
      this.socket.addEventListener('open', () => resolve(), { once: true });
      this.socket.addEventListener(
        'error',
        () => reject(new Error(`presence socket for ${member.name} failed to open`)),
        { once: true },
      );
    });
    this.socket.addEventListener('close', (event: CloseEvent) => {
      if (this.closing) return;
      heard.closed.set(event.code, (heard.closed.get(event.code) ?? 0) + 1);
      heard.wake();
    });
    this.socket.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as string;
      if (!data.startsWith(PRESENCE_PREFIX)) return;
      heard.frames++;
      heard.bytes += data.length;
      heard.wake();
    });
  }

  /** Joins with a presence mode; the hub answers with the whole list (at most once every few seconds a socket). */
  async join(mode: PresenceMode) {
    const wait = this.joinedAt + JOIN_INTERVAL_MS + 50 - performance.now();
    if (wait > 0) await sleep(wait);
    this.mode = mode;
    this.joinedAt = performance.now();
    this.socket.send(JSON.stringify({ type: 'join', presence: mode } satisfies ClientFrame));
  }

  close() {
    this.closing = true;
    return new Promise((closed) => {
      if (this.socket.readyState === WebSocket.CLOSED) return closed(undefined);
      this.socket.addEventListener('close', closed, { once: true });
      this.socket.close(1000, 'bench done');
    });
  }
}

/** Resolves once `count` more presence frames have been heard than `from`. */
async function heardFrames(heard: Heard, from: number, count: number) {
  const deadline = performance.now() + STEP_TIMEOUT_MS;
  while (heard.frames < from + count) {
    if (performance.now() > deadline) {
      const closes = [...heard.closed].map(([code, times]) => `${times} with ${code}`).join(', ') || 'none';
      throw new Error(
        `waited for ${count} presence frames, heard ${heard.frames - from}; sockets closed by the server: ${closes}`,
      );
    }
    await new Promise<void>((resolve) => {
      heard.wake = resolve;
      setTimeout(resolve, 250).unref();
    });
  }
}

export interface PresenceRow {
  online: number;
  mode: PresenceMode | 'trigger';
  changes: number;
  /** workerd CPU per change (ms), the trigger included. */
  cpuMs: number;
  /** Presence bytes (uncompressed) all sockets received per change, and frames. */
  bytes: number;
  frames: number;
}

export interface PresenceResult {
  rows: PresenceRow[];
  /** Presence frames the others heard while one member opened and closed second tabs and reloaded, per size. */
  ownTabs: { online: number; tabs: number; frames: number }[];
}

/**
 * Runs the presence measurements on a started app at each size (members online besides the one who changes),
 * `changes` changes per row (fewer for whole lists at the largest size, where one change is a lot of bytes).
 */
export async function presenceBench(
  app: RunningApp,
  sizes: number[],
  changes: number,
  quietMs: number,
): Promise<PresenceResult> {
  const db = createClient({ url: app.databaseUrl, authToken: app.databaseAuthToken });
  const largest = Math.max(...sizes);
  let members: MemberWithSession[];
  try {
    members = await insertMembersWithSessions(
      db,
      Array.from({ length: largest + 1 }, (_, index) => ({
        name: `Bench Presence ${String(index + 1).padStart(4, '0')}`,
      })),
    );
  } finally {
    db.close();
  }
  const mover = members.pop()!;
  const heard: Heard = { frames: 0, bytes: 0, closed: new Map(), wake: () => {} };
  const ignored: Heard = { frames: 0, bytes: 0, closed: new Map(), wake: () => {} };
  const listeners: Listener[] = [];
  const result: PresenceResult = { rows: [], ownTabs: [] };
  let invisible = false;

  const setInvisible = async (value: boolean) => {
    const response = await fetch(`${app.url}/trpc/chat.updateSettings`, {
      method: 'POST',
      headers: { Origin: app.url, Authorization: `Bearer ${mover.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ invisible: value }),
    });
    if (!response.ok) throw new Error(`chat.updateSettings answered ${response.status}`);
    invisible = value;
  };

  /** Waits until no presence frame has arrived for `quietMs`. */
  const quiet = async () => {
    let last = heard.frames;
    let since = performance.now();
    while (performance.now() - since < quietMs) {
      await sleep(100);
      if (heard.frames !== last) {
        last = heard.frames;
        since = performance.now();
      }
    }
  };

  /** `count` changes, each heard by every listener before the next: workerd CPU and bytes per change. */
  const measure = async (mode: PresenceRow['mode'], count: number): Promise<PresenceRow> => {
    const before = workerdUsage(app.pid);
    const start = { frames: heard.frames, bytes: heard.bytes };
    for (let change = 0; change < count; change++) {
      const from = heard.frames;
      await setInvisible(!invisible);
      await heardFrames(heard, from, listeners.length);
    }
    const after = workerdUsage(app.pid);
    return {
      online: listeners.length,
      mode,
      changes: count,
      cpuMs: ((after.cpuSeconds - before.cpuSeconds) * 1000) / count,
      bytes: (heard.bytes - start.bytes) / count,
      frames: (heard.frames - start.frames) / count,
    };
  };

  let moverSocket = new Listener(app.url, mover, ignored);
  const extraTabs: Listener[] = [];
  try {
    await moverSocket.opened;
    await moverSocket.join('delta');
    // What the trigger costs with nobody else to tell.
    await quiet();
    result.rows.push(await measure('trigger', changes));

    for (const size of sizes) {
      process.stdout.write(`presence: ${size} online`);
      while (listeners.length < size) {
        const wave = members
          .slice(listeners.length, Math.min(size, listeners.length + OPEN_WAVE))
          .map((member) => new Listener(app.url, member, heard));
        listeners.push(...wave);
        await Promise.all(wave.map((listener) => listener.opened));
        await Promise.all(wave.map((listener) => listener.join('delta')));
      }
      await Promise.all(
        listeners.filter((listener) => listener.mode !== 'delta').map((listener) => listener.join('delta')),
      );
      await quiet();
      result.rows.push(await measure('delta', changes));

      // A second tab opening and closing, and a reload within the grace period: the others hear nothing.
      await quiet();
      const from = heard.frames;
      const tabs = 3;
      for (let tab = 0; tab < tabs; tab++) {
        const extra = new Listener(app.url, mover, ignored);
        extraTabs.push(extra);
        await extra.opened;
        await extra.join('delta');
        await extra.close();
      }
      await moverSocket.close();
      moverSocket = new Listener(app.url, mover, ignored);
      await moverSocket.opened;
      await moverSocket.join('delta');
      await quiet();
      result.ownTabs.push({ online: size, tabs: tabs + 1, frames: heard.frames - from });

      process.stdout.write(', whole lists');
      await Promise.all(listeners.map((listener) => listener.join('full')));
      await quiet();
      result.rows.push(
        await measure('full', size === largest && size > 500 ? Math.max(1, Math.ceil(changes / 3)) : changes),
      );
      console.log('.');
    }
  } finally {
    await Promise.race([
      Promise.all([...listeners, moverSocket, ...extraTabs].map((listener) => listener.close())),
      sleep(10_000),
    ]);
  }
  return result;
}
