// One account must not be able to take the hub down (ADR 007): a member holds at most CHAT_SOCKETS_PER_MEMBER
// sockets, every frame counts against a budget shared by all of that member's sockets, `join` is answered at most
// once every few seconds per socket (one sooner counts as a bad frame), a member whose socket is closed for flooding
// may not open another here for a while, and an oversized frame closes its socket before it is parsed. Each
// socket belongs to a session: a frame after the session's expiry closes the socket. Everything a frame must
// pass before a handler sees it is here, with the close codes that end a socket.
//
// A flood ends with the member's sockets closed all at once and one record of it. The frames a flooding client
// has already sent keep arriving after the close; each is dropped before anything else is done with it, so a
// member past their budget costs the object nothing durable and almost no CPU, however many more they send.
import { CHAT_SOCKETS_PER_MEMBER } from '../common/limits.ts';
import { clientFrame } from '../common/chat-frames.ts';
import {
  CHAT_ERRORS,
  CLOSE_POLICY_VIOLATION,
  CLOSE_SESSION_ENDED,
  CLOSE_TOO_LARGE,
  MAX_FRAME_BYTES,
  type ChatErrorCode,
  type ParsedClientFrame,
} from '../common/chat-protocol.ts';
import type { HubSockets, SocketAttachment } from './hub-sockets.ts';
import { TokenBucket } from './token-bucket.ts';

const LIMITS = {
  /** Any frame, per socket: beyond this the client is flooding and is disconnected. */
  frames: { capacity: 60, perSecond: 20 },
  /** Frames that fail validation, per socket: beyond this the socket is closed. */
  badFrames: { capacity: 5, perSecond: 0.2 },
  /** Messages, per socket: beyond this the member gets a rate_limited error. */
  messages: { capacity: 10, perSecond: 2 },
  /** Chat requests, per member. */
  requests: { capacity: 6, perSecond: 0.1 },
  /** Any frame, per member across all of their sockets: one account cannot multiply its budget by its sockets. */
  memberFrames: { capacity: 60, perSecond: 20 },
} as const;

/** A socket's `join` is answered at most this often; one sooner is dropped and counts as a bad frame. */
const JOIN_INTERVAL_MS = 3000;

/**
 * After a member's socket is closed for flooding (a frame budget ran out, or too many bad frames: 1008), their new
 * sockets are refused for this long. Reopening a closed socket cost the object an accepted socket and a whole
 * snapshot each time, only to be closed again by the budget that was still empty (ADR 007). No client of ours comes
 * near a budget.
 */
export const FLOOD_COOL_DOWN_MS = 30_000;

/**
 * The refusal of a new socket while its member cools down after a flood, `seconds` before they may come back. The
 * Worker repeats it from memory to a session that keeps trying (worker/chat-socket.ts).
 */
export function floodCoolDownRefusal(seconds: number): Response {
  return Response.json(
    { message: `Too many chat frames from this account. Try again in ${seconds} seconds.`, code: 'TOO_MANY_REQUESTS' },
    { status: 429, headers: { 'Retry-After': String(seconds) } },
  );
}

function bucket(limit: { capacity: number; perSecond: number }) {
  return new TokenBucket(limit.capacity, limit.perSecond);
}

/** A frame's size in bytes, counted no further than needed to know it is over the cap. */
function isOversized(raw: string | ArrayBuffer): boolean {
  if (typeof raw !== 'string') return raw.byteLength > MAX_FRAME_BYTES;
  if (raw.length > MAX_FRAME_BYTES) return true;
  return raw.length * 3 > MAX_FRAME_BYTES && new TextEncoder().encode(raw).byteLength > MAX_FRAME_BYTES;
}

function decode(raw: string | ArrayBuffer): ParsedClientFrame | { error: string; code: ChatErrorCode } {
  const invalid = { error: CHAT_ERRORS.invalid_frame, code: 'invalid_frame' as const };
  if (typeof raw !== 'string' || raw.length > MAX_FRAME_BYTES) return invalid;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return invalid;
  }
  const parsed = clientFrame.safeParse(value);
  if (parsed.success) return parsed.data;
  const contentIssue = parsed.error.issues.find((issue) => issue.path[0] === 'content');
  if (contentIssue && (value as { type?: unknown }).type === 'send-message')
    return { error: contentIssue.message, code: 'message_invalid' };
  return invalid;
}

/** Closes a socket whose session ended (4001), marked so that its member leaves without a grace period. */
export function closeForEndedSession(sockets: HubSockets, ws: WebSocket, reason: string) {
  try {
    const attachment = sockets.attachmentOf(ws);
    if (attachment) sockets.attach(ws, { ...attachment, sessionEnded: true });
  } catch {
    // Already closed: its close handler has run.
  }
  sockets.close(ws, CLOSE_SESSION_ENDED, reason);
}

/** Who flooded, until when: kept where the object says (`floodsIn` its storage, or in memory). */
export interface FloodRecord {
  until(userId: number): number | null;
  set(userId: number, until: number): void;
  forget(userId: number): void;
}

/**
 * The hub keeps who flooded in its storage (table `flooded`, hub-storage.ts): it sleeps while nobody sends it a
 * frame, and a refused account's attempts stop at the Worker's limit without waking it, so a cool-down kept in
 * memory was forgotten and the account let in again within the half minute.
 */
export function floodsIn(sql: SqlStorage): FloodRecord {
  return {
    until: (userId) =>
      sql.exec<{ until: number }>('SELECT until FROM flooded WHERE user_id = ?', userId).toArray()[0]?.until ?? null,
    set: (userId, until) => void sql.exec('INSERT OR REPLACE INTO flooded VALUES (?, ?)', userId, until),
    forget: (userId) => void sql.exec('DELETE FROM flooded WHERE user_id = ?', userId),
  };
}

/** A chat's own object keeps who flooded in memory: it holds the two members' sockets only. */
function floodsInMemory(): FloodRecord {
  const untils = new Map<number, number>();
  return {
    until: (userId) => untils.get(userId) ?? null,
    set: (userId, until) => void untils.set(userId, until),
    forget: (userId) => void untils.delete(userId),
  };
}

/**
 * The budgets, kept in memory per socket and per member: losing them when the object hibernates only forgives an
 * idle client. Who flooded is kept in the `FloodRecord` the object gives.
 */
export class SocketPolicy {
  private readonly sockets: HubSockets;
  private readonly socketLimits = new WeakMap<
    WebSocket,
    { frames: TokenBucket; badFrames: TokenBucket; messages: TokenBucket }
  >();
  private readonly requestLimits = new Map<number, TokenBucket>();
  private readonly memberFrameLimits = new Map<number, TokenBucket>();
  private readonly lastJoinAt = new WeakMap<WebSocket, number>();
  /** Sockets closed for flooding: whatever still arrives on them is dropped unread. */
  private readonly closedForFlooding = new WeakSet<WebSocket>();
  /** Members who flooded, until when their new sockets are refused. */
  private readonly floods: FloodRecord;

  constructor(sockets: HubSockets, floods: FloodRecord = floodsInMemory()) {
    this.sockets = sockets;
    this.floods = floods;
  }

  /**
   * The frame and its sender when the frame may be handled; null when it has been dealt with here: the socket
   * closed (too large, session over, flooding) or an invalid frame answered with an error.
   */
  admit(ws: WebSocket, raw: string | ArrayBuffer): { member: SocketAttachment; frame: ParsedClientFrame } | null {
    if (this.closedForFlooding.has(ws)) return null;
    if (isOversized(raw)) {
      this.sockets.close(ws, CLOSE_TOO_LARGE, 'Frame too large');
      return null;
    }
    const member = this.sockets.attachmentOf(ws);
    if (!member) return null;
    if (Date.now() >= member.sessionExpiresAt) {
      closeForEndedSession(this.sockets, ws, 'Session ended');
      return null;
    }
    const limits = this.limitsFor(ws);
    if (!limits.frames.take() || !this.memberFrames(member.id).take()) {
      this.closeForFlooding(ws, member.id, 'Too many frames');
      return null;
    }
    const frame = decode(raw);
    if ('error' in frame) {
      this.sockets.send(ws, { type: 'error', code: frame.code, message: frame.error });
      this.countBadFrame(ws, member.id);
      return null;
    }
    return { member, frame };
  }

  private countBadFrame(ws: WebSocket, userId: number) {
    if (!this.limitsFor(ws).badFrames.take()) this.closeForFlooding(ws, userId, 'Too many invalid frames');
  }

  /**
   * Ends a flood: the member's budget is shared by all of their sockets, so every one of them closes with this one,
   * and the flood is recorded once.
   */
  private closeForFlooding(ws: WebSocket, userId: number, reason: string) {
    this.floods.set(userId, Date.now() + FLOOD_COOL_DOWN_MS);
    for (const socket of new Set([ws, ...this.sockets.open(userId)])) {
      this.closedForFlooding.add(socket);
      this.sockets.close(socket, CLOSE_POLICY_VIOLATION, reason);
    }
  }

  /**
   * The refusal (429) of a member's new socket while they are cooling down after a flood or already hold as many as
   * they may; null when they may open one more. Only the cool-down's refusal carries a `Retry-After`.
   */
  refuseSocket(userId: number, openSockets: number): Response | null {
    const until = this.floods.until(userId) ?? 0;
    const waitMs = until - Date.now();
    if (waitMs > 0) return floodCoolDownRefusal(Math.ceil(waitMs / 1000));
    if (until) this.floods.forget(userId);
    if (openSockets < CHAT_SOCKETS_PER_MEMBER) return null;
    return Response.json(
      {
        message: `At most ${CHAT_SOCKETS_PER_MEMBER} chat connections at once. Close another tab first.`,
        code: 'TOO_MANY_REQUESTS',
      },
      { status: 429 },
    );
  }

  allowJoin(ws: WebSocket, userId: number): boolean {
    const now = Date.now();
    if (now - (this.lastJoinAt.get(ws) ?? 0) < JOIN_INTERVAL_MS) {
      this.countBadFrame(ws, userId);
      return false;
    }
    this.lastJoinAt.set(ws, now);
    return true;
  }

  allowRequest(userId: number): boolean {
    const requests = this.requestLimits.get(userId) ?? bucket(LIMITS.requests);
    this.requestLimits.set(userId, requests);
    return requests.take();
  }

  allowMessage(ws: WebSocket): boolean {
    return this.limitsFor(ws).messages.take();
  }

  /** A member gone: their budgets go too, except a request budget still being paid back. */
  memberLeft(userId: number) {
    if (this.requestLimits.get(userId)?.isFull()) this.requestLimits.delete(userId);
    this.memberFrameLimits.delete(userId);
    if ((this.floods.until(userId) ?? Infinity) <= Date.now()) this.floods.forget(userId);
  }

  private limitsFor(ws: WebSocket) {
    let limits = this.socketLimits.get(ws);
    if (!limits) {
      limits = {
        frames: bucket(LIMITS.frames),
        badFrames: bucket(LIMITS.badFrames),
        messages: bucket(LIMITS.messages),
      };
      this.socketLimits.set(ws, limits);
    }
    return limits;
  }

  private memberFrames(userId: number): TokenBucket {
    let limit = this.memberFrameLimits.get(userId);
    if (!limit) {
      limit = bucket(LIMITS.memberFrames);
      this.memberFrameLimits.set(userId, limit);
    }
    return limit;
  }
}
