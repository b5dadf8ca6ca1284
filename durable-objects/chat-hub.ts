// The ChatHub Durable Object (ARCHITECTURE section 7): presence, 30-second chat requests and ephemeral chat
// sessions over hibernatable WebSockets. The Worker authenticates every socket and hands the verified member
// over in a header; nothing a client sends about who it is is trusted.
//
// State that must survive the object sleeping lives in its SQLite storage: pending (and recently finished)
// requests, active sessions and the block pairs of connected members. Presence is rebuilt from the open
// sockets, whose member rides in the socket's attachment. One alarm is set to the next deadline (a request's
// expiry, forgetting a finished request id, a coalesced presence broadcast); every handler works from the
// stored state, so a repeated alarm or frame changes nothing twice. Messages are relayed, never stored; the
// last few of each session are held in memory only, for a report the member may file.
import { DurableObject } from 'cloudflare:workers';
import {
  CHAT_REPORT_TRANSCRIPT_LENGTH,
  CHAT_REQUEST_LIFETIME_MS,
  CHAT_REQUESTS_PREMIUM,
  CHAT_REQUESTS_REGULAR,
} from '../common/limits.ts';
import type { Role } from '../common/roles.ts';
import { clientFrame } from './client-frames.ts';
import {
  CHAT_ERRORS,
  CLOSE_POLICY_VIOLATION,
  MAX_FRAME_BYTES,
  parseRequestId,
  type ChatErrorCode,
  type ChatMessage,
  type OnlineUser,
  type ParsedClientFrame,
  type ServerFrame,
} from './protocol.ts';
import { TokenBucket } from './token-bucket.ts';

/** The verified member the Worker passes with a socket (header `X-Chat-Member`). */
export interface ChatMember {
  id: number;
  name: string;
  role: Role;
  memberNumber: number;
  isPremium: boolean;
}

export interface ChatConnection {
  member: ChatMember;
  /** Everyone this member has blocked or been blocked by. */
  hiddenIds: number[];
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
} as const;

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

export class ChatHub extends DurableObject<Record<string, unknown>> {
  private readonly sql: SqlStorage;
  private readonly socketLimits = new WeakMap<WebSocket, { frames: TokenBucket; badFrames: TokenBucket; messages: TokenBucket }>();
  private readonly requestLimits = new Map<number, TokenBucket>();
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
    `);
  }

  // Connections ------------------------------------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    const header = request.headers.get(CHAT_MEMBER_HEADER);
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket' || !header)
      return new Response('Expected a WebSocket upgrade from the Worker', { status: 400 });
    const { member, hiddenIds } = JSON.parse(header) as ChatConnection;

    this.sql.exec('DELETE FROM hidden_pairs WHERE low = ? OR high = ?', member.id, member.id);
    for (const otherId of hiddenIds) this.hidePair(member.id, otherId);

    // Presence changes only when a member comes online; another tab learns the list from its `join`.
    const cameOnline = this.openSockets(member.id).length === 0;
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [userTag(member.id)]);
    server.serializeAttachment(member);
    if (cameOnline) await this.presenceChanged();
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const member = ws.deserializeAttachment() as ChatMember;
    const limits = this.limitsFor(ws);
    if (!limits.frames.take()) return this.closeForPolicy(ws, 'Too many frames');

    const frame = this.decode(raw);
    if ('error' in frame) {
      this.send(ws, { type: 'error', code: frame.code, message: frame.error });
      if (!limits.badFrames.take()) this.closeForPolicy(ws, 'Too many invalid frames');
      return;
    }
    const fail = (code: ChatErrorCode) => this.send(ws, { type: 'error', code, message: CHAT_ERRORS[code] });

    switch (frame.type) {
      case 'join':
        return this.sendSnapshot(ws, member);
      case 'chat-request': {
        const requests = this.requestLimits.get(member.id) ?? bucket(LIMITS.requests);
        this.requestLimits.set(member.id, requests);
        if (!requests.take()) return fail('rate_limited');
        const refused = this.createRequest(member, frame.recipientId, frame.requestId);
        if (refused) return fail(refused);
        return this.scheduleAlarm();
      }
      case 'cancel-chat-request':
        return this.finishRequest(frame.requestId, member.id, 'cancelled') ? undefined : fail('request_not_found');
      case 'reject-chat-request':
        return this.finishRequest(frame.requestId, member.id, 'rejected') ? undefined : fail('request_not_found');
      case 'accept-chat-request':
        return this.acceptRequest(frame.requestId, member.id) ? undefined : fail('request_not_found');
      case 'send-message':
        if (!limits.messages.take()) return fail('rate_limited');
        return this.relayMessage(frame.sessionId, member, frame.content) ? undefined : fail('session_not_found');
      case 'end-chat-session':
        return this.endSession(frame.sessionId, member.id) ? undefined : fail('session_not_found');
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

  /** When a member's last socket closes, their sessions end and their pending requests go with them. */
  private async socketGone(ws: WebSocket) {
    const member = ws.deserializeAttachment() as ChatMember | null;
    if (!member || this.openSockets(member.id, ws).length > 0) return;
    this.memberLeft(member.id);
    await this.presenceChanged();
  }

  private memberLeft(userId: number) {
    if (this.requestLimits.get(userId)?.isFull()) this.requestLimits.delete(userId);
    for (const session of this.sessionsOf(userId)) this.endSession(session.id, userId);
    for (const request of this.pendingRequestsOf(userId)) {
      // Their own requests are withdrawn; requests waiting for them can no longer be answered.
      this.finishRequest(request.id, userId, request.requester_id === userId ? 'cancelled' : 'expired');
    }
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
    if (!recipient || this.isHidden(member.id, recipientId)) return 'recipient_offline';
    if (this.sql.exec('SELECT 1 FROM requests WHERE id = ?', requestId).toArray().length) return 'invalid_request_id';
    const outgoing = this.sql
      .exec<{ recipient_id: number }>("SELECT recipient_id FROM requests WHERE requester_id = ? AND status = 'pending'", member.id)
      .toArray();
    if (outgoing.some((row) => row.recipient_id === recipientId)) return 'already_requested';
    if (this.sessionBetween(member.id, recipientId)) return 'already_chatting';
    if (outgoing.length >= (member.isPremium ? CHAT_REQUESTS_PREMIUM : CHAT_REQUESTS_REGULAR))
      return member.isPremium ? 'premium_request_limit' : 'request_limit';

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
  private finishRequest(requestId: string, byUserId: number, outcome: 'cancelled' | 'rejected' | 'expired'): boolean {
    const request = this.pendingRequest(requestId);
    if (!request) return false;
    if (outcome === 'cancelled' && request.requester_id !== byUserId) return false;
    if (outcome === 'rejected' && request.recipient_id !== byUserId) return false;
    this.sql.exec('UPDATE requests SET status = ? WHERE id = ?', outcome, requestId);
    const type =
      outcome === 'cancelled' ? 'chat-request-cancelled' : outcome === 'rejected' ? 'chat-request-rejected' : 'chat-request-expired';
    this.sendToUser(request.requester_id, { type, requestId });
    this.sendToUser(request.recipient_id, { type, requestId });
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

  private endSession(sessionId: string, byUserId: number): boolean {
    const session = this.sessionOf(sessionId, byUserId);
    if (!session) return false;
    this.sql.exec('DELETE FROM sessions WHERE id = ?', sessionId);
    this.transcripts.delete(sessionId);
    this.sendToUsers([session.participant1_id, session.participant2_id], { type: 'chat-session-ended', sessionId });
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
      if (session) this.endSession(session.id, blockerId);
      for (const request of this.pendingRequestsOf(blockerId)) {
        if (request.requester_id === blockedId || request.recipient_id === blockedId)
          this.finishRequest(request.id, blockerId, request.requester_id === blockerId ? 'cancelled' : 'expired');
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
    return this.endSession(sessionId, userId);
  }

  private hidePair(a: number, b: number) {
    this.sql.exec('INSERT OR IGNORE INTO hidden_pairs VALUES (?, ?)', Math.min(a, b), Math.max(a, b));
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

  private isHidden(a: number, b: number): boolean {
    return this.sql.exec('SELECT 1 FROM hidden_pairs WHERE low = ? AND high = ?', Math.min(a, b), Math.max(a, b)).toArray().length > 0;
  }

  // Presence -----------------------------------------------------------------------------------------------

  /** Broadcasts presence now, or schedules it when the last broadcast was less than the interval ago. */
  private async presenceChanged() {
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
    const users = this.onlineUsers();
    const shared = JSON.stringify({ type: 'online-users-updated', users } satisfies ServerFrame);
    const hiddenBy = this.hiddenByMember();
    for (const ws of this.ctx.getWebSockets()) {
      const member = ws.deserializeAttachment() as ChatMember | null;
      const hidden = member && hiddenBy.get(member.id);
      if (!hidden) this.sendRaw(ws, shared);
      else this.send(ws, { type: 'online-users-updated', users: users.filter((user) => !hidden.has(user.id)) });
    }
  }

  private onlineUsers(): OnlineUser[] {
    const byId = new Map<number, OnlineUser>();
    for (const ws of this.ctx.getWebSockets()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const member = ws.deserializeAttachment() as ChatMember | null;
      if (member && !byId.has(member.id))
        byId.set(member.id, { id: member.id, name: member.name, role: member.role, memberNumber: member.memberNumber });
    }
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  private onlineMember(userId: number): ChatMember | undefined {
    return this.openSockets(userId)[0]?.deserializeAttachment() as ChatMember | undefined;
  }

  /** What a (re)joining socket needs to rebuild its state: presence, pending requests, active sessions. */
  private sendSnapshot(ws: WebSocket, member: ChatMember) {
    const hidden = this.hiddenByMember().get(member.id);
    this.send(ws, { type: 'online-users-updated', users: this.onlineUsers().filter((user) => !hidden?.has(user.id)) });
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
    }
  }

  // Deadlines ----------------------------------------------------------------------------------------------

  override async alarm(): Promise<void> {
    const now = Date.now();
    for (const request of this.sql
      .exec<RequestRow>("SELECT * FROM requests WHERE status = 'pending' AND expires_at <= ?", now)
      .toArray())
      this.finishRequest(request.id, request.requester_id, 'expired');
    this.sql.exec('DELETE FROM requests WHERE status != ? AND forget_at <= ?', 'pending', now);
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

  private closeForPolicy(ws: WebSocket, reason: string) {
    try {
      ws.close(CLOSE_POLICY_VIOLATION, reason);
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
}
