// The ChatHub Durable Object (docs/architecture.md, "A chat frame"): presence, 30-second chat requests and ephemeral chat
// sessions over hibernatable WebSockets. The Worker authenticates every socket and hands the verified member
// over in a header; nothing a client sends about who it is is trusted.
//
// State that must survive the object sleeping lives in its SQLite storage: pending (and recently finished)
// requests, active sessions, the block pairs of connected members, the members who chose not to be listed,
// and the members whose connection dropped a moment ago. Presence is rebuilt from the open sockets, whose
// member rides in the socket's attachment, plus those members away. One alarm is set to the next deadline (a
// request's expiry, forgetting a finished request id, the end of a member's grace period, a coalesced presence
// broadcast); every handler works from the stored state, so a repeated alarm or frame changes nothing twice.
// Messages are relayed, never stored; the last few of each session are held in memory only, for a report the
// member may file and for a member who reconnects.
//
// A member whose last socket drops (a reload, a lost network) is away, not gone: they stay listed, and their
// chats and requests wait CHAT_RECONNECT_GRACE_MS for them, their partners being told (`chat-partner-status`).
// Only when the grace ends (by the alarm) do their chats end and their requests go, with the reason `offline`.
// A socket closed because its session ended (sign-out, ban) ends everything at once.
//
// One account must not be able to take the hub down (ADR 007): a member holds at most
// CHAT_SOCKETS_PER_MEMBER sockets, every frame counts against a budget shared by all of that member's
// sockets, `join` is answered at most once every few seconds per socket from a cached online list, and an
// oversized frame closes its socket before it is parsed. Each socket belongs to a session: signing out,
// losing the session or its expiry closes the socket.
import { DurableObject } from 'cloudflare:workers';
import {
  CHAT_RECONNECT_GRACE_MS,
  CHAT_REPORT_TRANSCRIPT_LENGTH,
  CHAT_REQUEST_LIFETIME_MS,
  CHAT_REQUESTS_PREMIUM,
  CHAT_REQUESTS_REGULAR,
  CHAT_SOCKETS_PER_MEMBER,
} from '../common/limits.ts';
import { isPremiumUntil } from '../common/premium.ts';
import type { Role } from '../common/roles.ts';
import { clientFrame } from '../common/chat-frames.ts';
import {
  CHAT_ERRORS,
  CLOSE_POLICY_VIOLATION,
  CLOSE_SESSION_ENDED,
  CLOSE_TOO_LARGE,
  MAX_FRAME_BYTES,
  parseRequestId,
  type ChatErrorCode,
  type ChatMessage,
  type OnlineUser,
  type ParsedClientFrame,
  type ServerFrame,
  type SessionEndReason,
} from '../common/chat-protocol.ts';
import { TokenBucket } from './token-bucket.ts';

/** The verified member the Worker passes with a socket (header `X-Chat-Member`). */
export interface ChatMember {
  id: number;
  name: string;
  role: Role;
  memberNumber: number;
  /** When the member's premium ends (null: not premium). A time, not a flag, so premium lapses on its own. */
  premiumUntil: number | null;
}

export interface ChatConnection {
  member: ChatMember;
  /** Everyone this member has blocked or been blocked by. */
  hiddenIds: number[];
  /** The session the socket was opened with, and when that session ends by itself. */
  sessionId: string;
  sessionExpiresAt: number;
  /** The member's setting: not listed online, and nobody can send them a request. */
  invisible: boolean;
}

/** What rides in each socket's attachment. */
interface SocketAttachment extends ChatMember {
  sessionId: string;
  sessionExpiresAt: number;
  /** Set when the hub closes the socket because its session ended: the member leaves at once, without grace. */
  sessionEnded?: boolean;
}

export const CHAT_MEMBER_HEADER = 'X-Chat-Member';

/**
 * Presence is broadcast at most this often; changes in between are coalesced by the alarm. Each broadcast is
 * the whole list to every socket (n² entries), so the interval grows with the number online: 0.5 s up to 100
 * members, 2.5 s at 500, at most 5 s (bench:chat measured 260 ms of CPU per broadcast at 500 online).
 */
function presenceInterval(online: number): number {
  return Math.min(5000, Math.max(500, online * 5));
}
/** A finished request's id is remembered this long after its deadline, so it cannot be used again. */
const REQUEST_ID_MEMORY_MS = CHAT_REQUEST_LIFETIME_MS;

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

/** A socket's `join` is answered at most this often; more frequent ones are dropped. */
const JOIN_INTERVAL_MS = 3000;

type RequestRow = {
  id: string;
  requester_id: number;
  recipient_id: number;
  requester_name: string;
  recipient_name: string;
  expires_at: number;
  status: 'pending' | 'accepted' | 'rejected' | 'cancelled' | 'expired';
  forget_at: number;
};

type SessionRow = {
  id: string;
  participant1_id: number;
  participant1_name: string;
  participant2_id: number;
  participant2_name: string;
  started_at: number;
};

function bucket(limit: { capacity: number; perSecond: number }) {
  return new TokenBucket(limit.capacity, limit.perSecond);
}

function userTag(userId: number) {
  return `user:${userId}`;
}

function sessionTag(sessionId: string) {
  return `session:${sessionId}`;
}

/** A frame's size in bytes, counted no further than needed to know it is over the cap. */
function isOversized(raw: string | ArrayBuffer): boolean {
  if (typeof raw !== 'string') return raw.byteLength > MAX_FRAME_BYTES;
  if (raw.length > MAX_FRAME_BYTES) return true;
  return raw.length * 3 > MAX_FRAME_BYTES && new TextEncoder().encode(raw).byteLength > MAX_FRAME_BYTES;
}

export class ChatHub extends DurableObject<Record<string, unknown>> {
  private readonly sql: SqlStorage;
  private readonly socketLimits = new WeakMap<WebSocket, { frames: TokenBucket; badFrames: TokenBucket; messages: TokenBucket }>();
  private readonly requestLimits = new Map<number, TokenBucket>();
  private readonly memberFrameLimits = new Map<number, TokenBucket>();
  private readonly lastJoinAt = new WeakMap<WebSocket, number>();
  /** The online list, computed once per presence change rather than per `join` or broadcast. */
  private onlineCache: { users: OnlineUser[]; frame: string } | null = null;
  /** The last messages of each active session, for reports; never written to storage. */
  private readonly transcripts = new Map<string, ChatMessage[]>();
  private lastPresenceAt = 0;

  constructor(ctx: DurableObjectState, env: Record<string, unknown>) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`
      CREATE TABLE IF NOT EXISTS requests (
        id TEXT PRIMARY KEY, requester_id INTEGER NOT NULL, recipient_id INTEGER NOT NULL,
        requester_name TEXT NOT NULL, recipient_name TEXT NOT NULL, expires_at INTEGER NOT NULL,
        status TEXT NOT NULL, forget_at INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS requests_requester ON requests (requester_id, status);
      CREATE INDEX IF NOT EXISTS requests_recipient ON requests (recipient_id, status);
      CREATE TABLE IF NOT EXISTS sessions (
        id TEXT PRIMARY KEY, participant1_id INTEGER NOT NULL, participant1_name TEXT NOT NULL,
        participant2_id INTEGER NOT NULL, participant2_name TEXT NOT NULL, started_at INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS sessions_p1 ON sessions (participant1_id);
      CREATE INDEX IF NOT EXISTS sessions_p2 ON sessions (participant2_id);
      CREATE TABLE IF NOT EXISTS hidden_pairs (low INTEGER NOT NULL, high INTEGER NOT NULL, PRIMARY KEY (low, high));
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS away (
        user_id INTEGER PRIMARY KEY, member TEXT NOT NULL, until INTEGER NOT NULL, session_id TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS invisible (user_id INTEGER PRIMARY KEY);
    `);
  }

  // Connections ------------------------------------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    const header = request.headers.get(CHAT_MEMBER_HEADER);
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket' || !header)
      return new Response('Expected a WebSocket upgrade from the Worker', { status: 400 });
    const { member, hiddenIds, sessionId, sessionExpiresAt, invisible } = JSON.parse(header) as ChatConnection;

    const open = this.openSockets(member.id);
    if (open.length >= CHAT_SOCKETS_PER_MEMBER)
      return Response.json(
        { message: `At most ${CHAT_SOCKETS_PER_MEMBER} chat connections at once. Close another tab first.`, code: 'TOO_MANY_REQUESTS' },
        { status: 429 },
      );

    this.sql.exec('DELETE FROM hidden_pairs WHERE low = ? OR high = ?', member.id, member.id);
    for (const otherId of hiddenIds) this.hidePair(member.id, otherId);

    const wasInvisible = this.isInvisible(member.id);
    if (invisible) this.sql.exec('INSERT OR IGNORE INTO invisible VALUES (?)', member.id);
    else this.sql.exec('DELETE FROM invisible WHERE user_id = ?', member.id);
    // A member back within their grace period was listed all along; their partners hear they are back.
    const returned = this.sql.exec('DELETE FROM away WHERE user_id = ? RETURNING user_id', member.id).toArray().length > 0;

    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [userTag(member.id), sessionTag(sessionId)]);
    server.serializeAttachment({ ...member, sessionId, sessionExpiresAt } satisfies SocketAttachment);
    if (returned) {
      this.tellPartners(member.id, null);
      await this.scheduleAlarm();
    }
    // Presence changes only when a member comes online or changes their visibility; another tab learns the
    // list from its `join`.
    const cameOnline = open.length === 0 && !returned;
    if (cameOnline || wasInvisible !== invisible) await this.presenceChanged();
    else if (hiddenIds.length > 0) this.onlineCache = null;
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    if (isOversized(raw)) return this.closeSocket(ws, CLOSE_TOO_LARGE, 'Frame too large');
    const member = ws.deserializeAttachment() as SocketAttachment;
    if (Date.now() >= member.sessionExpiresAt) return this.closeForEndedSession(ws, 'Session ended');
    const limits = this.limitsFor(ws);
    if (!limits.frames.take() || !this.memberFrames(member.id).take()) return this.closeForPolicy(ws, 'Too many frames');

    const frame = this.decode(raw);
    if ('error' in frame) {
      this.send(ws, { type: 'error', code: frame.code, message: frame.error });
      if (!limits.badFrames.take()) this.closeForPolicy(ws, 'Too many invalid frames');
      return;
    }
    const fail = (code: ChatErrorCode) => this.send(ws, { type: 'error', code, message: CHAT_ERRORS[code] });

    switch (frame.type) {
      case 'join': {
        const now = Date.now();
        if (now - (this.lastJoinAt.get(ws) ?? 0) < JOIN_INTERVAL_MS) return;
        this.lastJoinAt.set(ws, now);
        return this.sendSnapshot(ws, member);
      }
      case 'chat-request': {
        const requests = this.requestLimits.get(member.id) ?? bucket(LIMITS.requests);
        this.requestLimits.set(member.id, requests);
        if (!requests.take()) return fail('rate_limited');
        const refused = this.createRequest(member, frame.recipientId, frame.requestId);
        if (refused) return fail(refused);
        return this.scheduleAlarm();
      }
      case 'cancel-chat-request':
        return this.finishRequest(frame.requestId, member.id, 'cancelled', 'withdrawn') ? undefined : fail('request_not_found');
      case 'reject-chat-request':
        return this.finishRequest(frame.requestId, member.id, 'rejected') ? undefined : fail('request_not_found');
      case 'accept-chat-request':
        return this.acceptRequest(frame.requestId, member.id) ? undefined : fail('request_not_found');
      case 'send-message':
        if (!limits.messages.take()) return fail('rate_limited');
        return this.relayMessage(frame.sessionId, member, frame.content) ? undefined : fail('session_not_found');
      case 'end-chat-session':
        return this.endSession(frame.sessionId, member.id, 'ended') ? undefined : fail('session_not_found');
      case 'typing-start':
      case 'typing-stop': {
        const session = this.sessionOf(frame.sessionId, member.id);
        if (!session) return fail('session_not_found');
        this.sendToUser(this.partnerOf(session, member.id).id, { type: frame.type, sessionId: session.id, userId: member.id });
        return;
      }
    }
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // Already closed.
    }
    await this.socketGone(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.socketGone(ws);
  }

  /**
   * When a member's last socket closes they are away for a grace period (the alarm ends it), unless the socket
   * closed because its session ended: then their sessions end and their requests go at once.
   */
  private async socketGone(ws: WebSocket) {
    const member = ws.deserializeAttachment() as SocketAttachment | null;
    if (!member || this.openSockets(member.id, ws).length > 0) return;
    if (member.sessionEnded) {
      this.memberLeft(member.id);
      await this.presenceChanged();
      return;
    }
    // Close and error may both report the same socket: the first one starts the grace period.
    if (this.awayUntil(member.id) !== null) return;
    const { id, name, role, memberNumber, premiumUntil } = member;
    const until = Date.now() + CHAT_RECONNECT_GRACE_MS;
    this.sql.exec(
      'INSERT OR REPLACE INTO away VALUES (?, ?, ?, ?)',
      id,
      JSON.stringify({ id, name, role, memberNumber, premiumUntil } satisfies ChatMember),
      until,
      member.sessionId,
    );
    this.tellPartners(id, until);
    await this.scheduleAlarm();
  }

  /** A member is gone (grace over, or their session ended): their sessions end and their requests go. */
  private memberLeft(userId: number) {
    if (this.requestLimits.get(userId)?.isFull()) this.requestLimits.delete(userId);
    this.memberFrameLimits.delete(userId);
    this.sql.exec('DELETE FROM away WHERE user_id = ?', userId);
    this.sql.exec('DELETE FROM invisible WHERE user_id = ?', userId);
    for (const session of this.sessionsOf(userId)) this.endSession(session.id, userId, 'offline');
    for (const request of this.pendingRequestsOf(userId)) {
      // Their own requests are withdrawn; requests waiting for them can no longer be answered.
      if (request.requester_id === userId) this.finishRequest(request.id, userId, 'cancelled', 'offline');
      else this.finishRequest(request.id, userId, 'expired', 'offline');
    }
  }

  /** Tells the partners of a member's sessions that the member is away until `until`, or back (null). */
  private tellPartners(userId: number, until: number | null) {
    for (const session of this.sessionsOf(userId)) this.sendToUser(this.partnerOf(session, userId).id, this.partnerStatus(session.id, userId, until));
  }

  private partnerStatus(sessionId: string, participantId: number, until: number | null): ServerFrame {
    const remainingTime = until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000));
    return { type: 'chat-partner-status', sessionId, participantId, away: until !== null, remainingTime };
  }

  /** When an away member's grace period ends, or null when they are not away. */
  private awayUntil(userId: number): number | null {
    return this.sql.exec<{ until: number }>('SELECT until FROM away WHERE user_id = ?', userId).toArray()[0]?.until ?? null;
  }

  private isInvisible(userId: number): boolean {
    return this.sql.exec('SELECT 1 FROM invisible WHERE user_id = ?', userId).toArray().length > 0;
  }

  // Requests -----------------------------------------------------------------------------------------------

  private createRequest(member: ChatMember, recipientId: number, requestId: string): ChatErrorCode | null {
    const now = Date.now();
    if (recipientId === member.id) return 'self_request';
    const parsed = parseRequestId(requestId);
    if (
      !parsed ||
      parsed.requesterId !== member.id ||
      parsed.recipientId !== recipientId ||
      Math.abs(parsed.timestamp - now) > CHAT_REQUEST_LIFETIME_MS
    )
      return 'invalid_request_id';
    const recipient = this.onlineMember(recipientId);
    // A member who chose not to be listed cannot be asked either; to the requester they are simply not online.
    if (!recipient || this.isHidden(member.id, recipientId) || this.isInvisible(recipientId)) return 'recipient_offline';
    if (this.sql.exec('SELECT 1 FROM requests WHERE id = ?', requestId).toArray().length) return 'invalid_request_id';
    const outgoing = this.sql
      .exec<{ recipient_id: number }>("SELECT recipient_id FROM requests WHERE requester_id = ? AND status = 'pending'", member.id)
      .toArray();
    if (outgoing.some((row) => row.recipient_id === recipientId)) return 'already_requested';
    if (this.sessionBetween(member.id, recipientId)) return 'already_chatting';
    const premium = isPremiumUntil(member.premiumUntil, now);
    if (outgoing.length >= (premium ? CHAT_REQUESTS_PREMIUM : CHAT_REQUESTS_REGULAR))
      return premium ? 'premium_request_limit' : 'request_limit';

    const expiresAt = now + CHAT_REQUEST_LIFETIME_MS;
    this.sql.exec(
      "INSERT INTO requests VALUES (?, ?, ?, ?, ?, ?, 'pending', ?)",
      requestId,
      member.id,
      recipientId,
      member.name,
      recipient.name,
      expiresAt,
      Math.max(expiresAt, parsed.timestamp + CHAT_REQUEST_LIFETIME_MS) + REQUEST_ID_MEMORY_MS,
    );
    const remainingTime = Math.ceil(CHAT_REQUEST_LIFETIME_MS / 1000);
    this.sendToUser(member.id, { type: 'chat-request-sent', requestId, recipientId, recipientName: recipient.name, remainingTime });
    this.sendToUser(recipientId, {
      type: 'incoming-chat-request',
      requestId,
      requesterId: member.id,
      requesterName: member.name,
      remainingTime,
    });
    return null;
  }

  /**
   * Ends a pending request. Only the requester cancels, only the recipient rejects; expiry (by the alarm or
   * because a member left) may come from either side. Returns false when there is nothing the caller may end.
   */
  private finishRequest(
    requestId: string,
    byUserId: number,
    ...[outcome, reason]: ['cancelled', 'withdrawn' | 'offline'] | ['rejected'] | ['expired', 'timeout' | 'offline']
  ): boolean {
    const request = this.pendingRequest(requestId);
    if (!request) return false;
    if (outcome === 'cancelled' && request.requester_id !== byUserId) return false;
    if (outcome === 'rejected' && request.recipient_id !== byUserId) return false;
    this.sql.exec('UPDATE requests SET status = ? WHERE id = ?', outcome, requestId);
    const frame: ServerFrame =
      outcome === 'cancelled'
        ? { type: 'chat-request-cancelled', requestId, reason: reason! }
        : outcome === 'expired'
          ? { type: 'chat-request-expired', requestId, reason: reason! }
          : { type: 'chat-request-rejected', requestId };
    this.sendToUsers([request.requester_id, request.recipient_id], frame);
    return true;
  }

  private acceptRequest(requestId: string, byUserId: number): boolean {
    const request = this.pendingRequest(requestId);
    if (!request || request.recipient_id !== byUserId) return false;
    const sessionId = crypto.randomUUID();
    this.sql.exec(
      'INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?)',
      sessionId,
      request.requester_id,
      request.requester_name,
      request.recipient_id,
      request.recipient_name,
      Date.now(),
    );
    // A request the other way round (both asked at once) is answered by the same session.
    for (const answered of this.pendingRequestsOf(request.recipient_id)) {
      const between = [answered.requester_id, answered.recipient_id];
      if (!between.includes(request.requester_id)) continue;
      this.sql.exec("UPDATE requests SET status = 'accepted' WHERE id = ?", answered.id);
      this.sendToUser(answered.requester_id, {
        type: 'chat-request-accepted',
        sessionId,
        participantId: answered.requester_id === request.requester_id ? request.recipient_id : request.requester_id,
        requestId: answered.id,
      });
    }
    this.sendToUser(request.requester_id, {
      type: 'chat-session-started',
      sessionId,
      participantId: request.recipient_id,
      participantName: request.recipient_name,
    });
    this.sendToUser(request.recipient_id, {
      type: 'chat-session-started',
      sessionId,
      participantId: request.requester_id,
      participantName: request.requester_name,
    });
    // A requester whose connection dropped meanwhile can still be accepted; the other side learns they are away.
    const requesterAway = this.awayUntil(request.requester_id);
    if (requesterAway !== null) this.sendToUser(request.recipient_id, this.partnerStatus(sessionId, request.requester_id, requesterAway));
    return true;
  }

  private pendingRequest(requestId: string): RequestRow | undefined {
    return this.sql.exec<RequestRow>("SELECT * FROM requests WHERE id = ? AND status = 'pending'", requestId).toArray()[0];
  }

  private pendingRequestsOf(userId: number): RequestRow[] {
    return this.sql
      .exec<RequestRow>(
        "SELECT * FROM requests WHERE status = 'pending' AND (requester_id = ? OR recipient_id = ?) ORDER BY expires_at",
        userId,
        userId,
      )
      .toArray();
  }

  // Sessions -----------------------------------------------------------------------------------------------

  private relayMessage(sessionId: string, sender: ChatMember, content: string): boolean {
    const session = this.sessionOf(sessionId, sender.id);
    if (!session) return false;
    const message: ChatMessage = {
      id: crypto.randomUUID(),
      sessionId,
      senderId: sender.id,
      content,
      sentAt: Date.now(),
      senderName: sender.name,
    };
    const transcript = this.transcripts.get(sessionId) ?? [];
    transcript.push(message);
    if (transcript.length > CHAT_REPORT_TRANSCRIPT_LENGTH) transcript.shift();
    this.transcripts.set(sessionId, transcript);
    this.sendToUsers([session.participant1_id, session.participant2_id], { type: 'new-message', message });
    return true;
  }

  private endSession(sessionId: string, byUserId: number, reason: SessionEndReason): boolean {
    const session = this.sessionOf(sessionId, byUserId);
    if (!session) return false;
    this.sql.exec('DELETE FROM sessions WHERE id = ?', sessionId);
    this.transcripts.delete(sessionId);
    this.sendToUsers([session.participant1_id, session.participant2_id], { type: 'chat-session-ended', sessionId, reason });
    return true;
  }

  private sessionOf(sessionId: string, userId: number): SessionRow | undefined {
    return this.sql
      .exec<SessionRow>('SELECT * FROM sessions WHERE id = ? AND (participant1_id = ? OR participant2_id = ?)', sessionId, userId, userId)
      .toArray()[0];
  }

  private sessionsOf(userId: number): SessionRow[] {
    return this.sql
      .exec<SessionRow>('SELECT * FROM sessions WHERE participant1_id = ? OR participant2_id = ?', userId, userId)
      .toArray();
  }

  private sessionBetween(a: number, b: number): SessionRow | undefined {
    return this.sql
      .exec<SessionRow>(
        'SELECT * FROM sessions WHERE (participant1_id = ? AND participant2_id = ?) OR (participant1_id = ? AND participant2_id = ?)',
        a,
        b,
        b,
        a,
      )
      .toArray()[0];
  }

  private partnerOf(session: SessionRow, userId: number) {
    return session.participant1_id === userId
      ? { id: session.participant2_id, name: session.participant2_name }
      : { id: session.participant1_id, name: session.participant1_name };
  }

  // Blocks and reports (called by the Worker over RPC) -----------------------------------------------------

  /** Records a block (or lifts it): the two stop seeing each other, and whatever is between them ends. */
  async setBlock(blockerId: number, blockedId: number, blocked: boolean): Promise<void> {
    if (!blocked) {
      this.sql.exec('DELETE FROM hidden_pairs WHERE low = ? AND high = ?', Math.min(blockerId, blockedId), Math.max(blockerId, blockedId));
    } else {
      this.hidePair(blockerId, blockedId);
      const session = this.sessionBetween(blockerId, blockedId);
      if (session) this.endSession(session.id, blockerId, 'ended');
      // To the blocked member the blocker simply goes offline: the block itself is never revealed.
      for (const request of this.pendingRequestsOf(blockerId)) {
        if (request.requester_id === blockerId && request.recipient_id === blockedId)
          this.finishRequest(request.id, blockerId, 'cancelled', 'withdrawn');
        else if (request.requester_id === blockedId) this.finishRequest(request.id, blockerId, 'expired', 'offline');
      }
    }
    await this.presenceChanged();
  }

  /** The reported partner and the session's last messages, if the reporter is in that session now. */
  async reportTranscript(sessionId: string, reporterId: number): Promise<{ reportedId: number; messages: ChatMessage[] } | null> {
    const session = this.sessionOf(sessionId, reporterId);
    if (!session) return null;
    return { reportedId: this.partnerOf(session, reporterId).id, messages: this.transcripts.get(sessionId) ?? [] };
  }

  async endSessionFor(sessionId: string, userId: number): Promise<boolean> {
    return this.endSession(sessionId, userId, 'ended');
  }

  /**
   * The member's "hide me from the online list" setting changed (it is stored in the database; each connection
   * brings it along). Applied at once to a member who is online; otherwise their next connection brings it.
   */
  async setInvisible(userId: number, invisible: boolean): Promise<void> {
    if (this.openSockets(userId).length === 0 && this.awayUntil(userId) === null) return;
    if (this.isInvisible(userId) === invisible) return;
    if (invisible) this.sql.exec('INSERT OR IGNORE INTO invisible VALUES (?)', userId);
    else this.sql.exec('DELETE FROM invisible WHERE user_id = ?', userId);
    await this.presenceChanged();
  }

  private hidePair(a: number, b: number) {
    this.sql.exec('INSERT OR IGNORE INTO hidden_pairs VALUES (?, ?)', Math.min(a, b), Math.max(a, b));
  }

  /**
   * Closes the sockets of one session (sign-out, a replaced session) or of every session of a member (ban). A
   * member away with that session (their last socket dropped a moment ago) leaves at once as well.
   */
  async closeSockets(target: { sessionId: string } | { userId: number }): Promise<number> {
    const tag = 'sessionId' in target ? sessionTag(target.sessionId) : userTag(target.userId);
    const sockets = this.ctx.getWebSockets(tag);
    for (const ws of sockets) {
      this.closeForEndedSession(ws, 'Signed out');
      await this.socketGone(ws);
    }
    const away =
      'sessionId' in target
        ? this.sql.exec<{ user_id: number }>('SELECT user_id FROM away WHERE session_id = ?', target.sessionId).toArray()
        : this.sql.exec<{ user_id: number }>('SELECT user_id FROM away WHERE user_id = ?', target.userId).toArray();
    for (const { user_id } of away) this.memberLeft(user_id);
    if (away.length > 0) {
      await this.presenceChanged();
      await this.scheduleAlarm();
    }
    return sockets.length;
  }

  /** For each connected member with blocks, everyone on the other side of them. */
  private hiddenByMember(): Map<number, Set<number>> {
    const hiddenBy = new Map<number, Set<number>>();
    const add = (from: number, to: number) => hiddenBy.set(from, (hiddenBy.get(from) ?? new Set()).add(to));
    for (const { low, high } of this.sql.exec<{ low: number; high: number }>('SELECT low, high FROM hidden_pairs')) {
      add(low, high);
      add(high, low);
    }
    return hiddenBy;
  }

  /** The members on the other side of this member's blocks. */
  private hiddenFrom(userId: number): Set<number> {
    const rows = this.sql.exec<{ other: number }>(
      'SELECT CASE WHEN low = ? THEN high ELSE low END AS other FROM hidden_pairs WHERE low = ? OR high = ?',
      userId,
      userId,
      userId,
    );
    return new Set([...rows].map((row) => row.other));
  }

  private isHidden(a: number, b: number): boolean {
    return this.sql.exec('SELECT 1 FROM hidden_pairs WHERE low = ? AND high = ?', Math.min(a, b), Math.max(a, b)).toArray().length > 0;
  }

  // Presence -----------------------------------------------------------------------------------------------

  /** Broadcasts presence now, or schedules it when the last broadcast was less than the interval ago. */
  private async presenceChanged() {
    this.onlineCache = null;
    const now = Date.now();
    const interval = presenceInterval(this.ctx.getWebSockets().length);
    if (now - this.lastPresenceAt >= interval) {
      this.broadcastPresence();
    } else {
      this.sql.exec("INSERT OR REPLACE INTO meta VALUES ('presence_due', ?)", this.lastPresenceAt + interval);
      await this.scheduleAlarm();
    }
  }

  /** One list for everyone; a member with blocks gets the list without the members on the other side of them. */
  private broadcastPresence() {
    this.lastPresenceAt = Date.now();
    this.sql.exec("DELETE FROM meta WHERE key = 'presence_due'");
    const { users, frame: shared } = this.online();
    const hiddenBy = this.hiddenByMember();
    for (const ws of this.ctx.getWebSockets()) {
      const member = ws.deserializeAttachment() as ChatMember | null;
      const hidden = member && hiddenBy.get(member.id);
      if (!hidden) this.sendRaw(ws, shared);
      else this.send(ws, { type: 'online-users-updated', users: users.filter((user) => !hidden.has(user.id)) });
    }
  }

  /**
   * Everyone online (connected, or away within their grace period) except those who chose not to be listed,
   * sorted by name, and the frame that carries them; rebuilt only after presence changed.
   */
  private online(): { users: OnlineUser[]; frame: string } {
    if (this.onlineCache) return this.onlineCache;
    const invisible = new Set(this.sql.exec<{ user_id: number }>('SELECT user_id FROM invisible').toArray().map((row) => row.user_id));
    const byId = new Map<number, OnlineUser>();
    const add = (member: ChatMember | null) => {
      if (member && !byId.has(member.id) && !invisible.has(member.id))
        byId.set(member.id, { id: member.id, name: member.name, role: member.role, memberNumber: member.memberNumber });
    };
    for (const ws of this.ctx.getWebSockets()) if (ws.readyState === WebSocket.OPEN) add(ws.deserializeAttachment() as ChatMember | null);
    for (const { member } of this.sql.exec<{ member: string }>('SELECT member FROM away')) add(JSON.parse(member) as ChatMember);
    const users = [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
    this.onlineCache = { users, frame: JSON.stringify({ type: 'online-users-updated', users } satisfies ServerFrame) };
    return this.onlineCache;
  }

  /** A member connected or away within their grace period. */
  private onlineMember(userId: number): ChatMember | undefined {
    const connected = this.openSockets(userId)[0]?.deserializeAttachment() as ChatMember | undefined;
    if (connected) return connected;
    const away = this.sql.exec<{ member: string }>('SELECT member FROM away WHERE user_id = ?', userId).toArray()[0];
    return away ? (JSON.parse(away.member) as ChatMember) : undefined;
  }

  /**
   * What a (re)joining socket needs to rebuild its state: presence, pending requests, active sessions with the
   * messages the hub still holds in memory (so a reload, or a partner back from a dropped connection, finds the
   * conversation as it was, including what was said while they were away), and which partners are away.
   */
  private sendSnapshot(ws: WebSocket, member: ChatMember) {
    const online = this.online();
    const hidden = this.hiddenFrom(member.id);
    if (hidden.size === 0) this.sendRaw(ws, online.frame);
    else this.send(ws, { type: 'online-users-updated', users: online.users.filter((user) => !hidden.has(user.id)) });
    const now = Date.now();
    for (const request of this.pendingRequestsOf(member.id)) {
      const remainingTime = Math.max(0, Math.ceil((request.expires_at - now) / 1000));
      if (request.requester_id === member.id)
        this.send(ws, {
          type: 'chat-request-sent',
          requestId: request.id,
          recipientId: request.recipient_id,
          recipientName: request.recipient_name,
          remainingTime,
        });
      else
        this.send(ws, {
          type: 'incoming-chat-request',
          requestId: request.id,
          requesterId: request.requester_id,
          requesterName: request.requester_name,
          remainingTime,
        });
    }
    for (const session of this.sessionsOf(member.id)) {
      const partner = this.partnerOf(session, member.id);
      this.send(ws, { type: 'chat-session-started', sessionId: session.id, participantId: partner.id, participantName: partner.name });
      for (const message of this.transcripts.get(session.id) ?? []) this.send(ws, { type: 'new-message', message });
      const partnerAway = this.awayUntil(partner.id);
      if (partnerAway !== null) this.send(ws, this.partnerStatus(session.id, partner.id, partnerAway));
    }
    this.send(ws, { type: 'joined' });
  }

  // Deadlines ----------------------------------------------------------------------------------------------

  override async alarm(): Promise<void> {
    const now = Date.now();
    for (const request of this.sql
      .exec<RequestRow>("SELECT * FROM requests WHERE status = 'pending' AND expires_at <= ?", now)
      .toArray())
      this.finishRequest(request.id, request.requester_id, 'expired', 'timeout');
    this.sql.exec('DELETE FROM requests WHERE status != ? AND forget_at <= ?', 'pending', now);
    // Members whose grace period is over and who did not come back leave now.
    const gone = this.sql.exec<{ user_id: number }>('SELECT user_id FROM away WHERE until <= ?', now).toArray();
    for (const { user_id } of gone) {
      if (this.openSockets(user_id).length === 0) this.memberLeft(user_id);
      else this.sql.exec('DELETE FROM away WHERE user_id = ?', user_id);
    }
    if (gone.length > 0) await this.presenceChanged();
    const presenceDue = this.sql.exec<{ value: number }>("SELECT value FROM meta WHERE key = 'presence_due'").toArray()[0];
    if (presenceDue && presenceDue.value <= now) this.broadcastPresence();
    await this.scheduleAlarm();
  }

  /** Sets the one alarm to the earliest deadline, or clears it when nothing is waiting. */
  private async scheduleAlarm() {
    const { next } = this.sql
      .exec<{ next: number | null }>(
        `SELECT min(deadline) AS next FROM (
           SELECT min(CASE WHEN status = 'pending' THEN expires_at ELSE forget_at END) AS deadline FROM requests
           UNION ALL SELECT min(until) FROM away
           UNION ALL SELECT value FROM meta WHERE key = 'presence_due')`,
      )
      .one();
    if (next === null) await this.ctx.storage.deleteAlarm();
    else if ((await this.ctx.storage.getAlarm()) !== next) await this.ctx.storage.setAlarm(next);
  }

  // Sockets ------------------------------------------------------------------------------------------------

  private decode(raw: string | ArrayBuffer): ParsedClientFrame | { error: string; code: ChatErrorCode } {
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

  private limitsFor(ws: WebSocket) {
    let limits = this.socketLimits.get(ws);
    if (!limits) {
      limits = { frames: bucket(LIMITS.frames), badFrames: bucket(LIMITS.badFrames), messages: bucket(LIMITS.messages) };
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

  private closeForPolicy(ws: WebSocket, reason: string) {
    this.closeSocket(ws, CLOSE_POLICY_VIOLATION, reason);
  }

  /** Closes a socket whose session ended (4001), marked so that its member leaves without a grace period. */
  private closeForEndedSession(ws: WebSocket, reason: string) {
    try {
      ws.serializeAttachment({ ...(ws.deserializeAttachment() as SocketAttachment), sessionEnded: true } satisfies SocketAttachment);
    } catch {
      // Already closed: its close handler has run.
    }
    this.closeSocket(ws, CLOSE_SESSION_ENDED, reason);
  }

  private closeSocket(ws: WebSocket, code: number, reason: string) {
    try {
      ws.close(code, reason);
    } catch {
      // Already closing.
    }
  }

  private openSockets(userId: number, except?: WebSocket): WebSocket[] {
    return this.ctx.getWebSockets(userTag(userId)).filter((ws) => ws !== except && ws.readyState === WebSocket.OPEN);
  }

  private send(ws: WebSocket, frame: ServerFrame) {
    this.sendRaw(ws, JSON.stringify(frame));
  }

  private sendRaw(ws: WebSocket, data: string) {
    try {
      ws.send(data);
    } catch {
      // The socket closed meanwhile; its close handler tidies up.
    }
  }

  private sendToUser(userId: number, frame: ServerFrame) {
    this.sendToUsers([userId], frame);
  }

  private sendToUsers(userIds: number[], frame: ServerFrame) {
    const data = JSON.stringify(frame);
    for (const userId of new Set(userIds)) for (const ws of this.openSockets(userId)) this.sendRaw(ws, data);
  }

  // Premium (called by the Worker over RPC) ----------------------------------------------------------------

  /**
   * A trial or a payment moved the member's premium_until: their open sockets (and their record while away)
   * carry the new time from now on, so the request limit changes without reconnecting. Answers how many
   * sockets were updated.
   */
  async updateMemberPremium(userId: number, premiumUntil: number | null): Promise<number> {
    this.sql.exec("UPDATE away SET member = json_set(member, '$.premiumUntil', ?) WHERE user_id = ?", premiumUntil, userId);
    const sockets = this.ctx.getWebSockets(userTag(userId));
    for (const ws of sockets) {
      const attachment = ws.deserializeAttachment() as SocketAttachment | null;
      if (attachment) ws.serializeAttachment({ ...attachment, premiumUntil } satisfies SocketAttachment);
    }
    return sockets.length;
  }
}
