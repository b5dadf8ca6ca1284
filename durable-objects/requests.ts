// Chat requests: one member asks another, online, member for a chat; the request lasts
// CHAT_REQUEST_LIFETIME_MS, and a member has only so many waiting at once (more for premium members). Every rule
// is checked against the hub's one consistent state. Pending requests, and finished ones until their id may be
// forgotten (so that an id is never used twice), are rows of `requests`; the alarm expires and forgets them.
// Accepting one starts a session (sessions.ts) once the session's own object is ready.
import { CHAT_REQUEST_LIFETIME_MS, CHAT_REQUESTS_PREMIUM, CHAT_REQUESTS_REGULAR } from '../common/limits.ts';
import { isPremiumUntil } from '../common/premium.ts';
import { parseRequestId, type ChatErrorCode, type ServerFrame } from '../common/chat-protocol.ts';
import type { Blocks } from './blocks.ts';
import type { ChatMember, HubSockets } from './hub-sockets.ts';
import type { Presence } from './presence.ts';
import type { SessionRow, Sessions } from './sessions.ts';

/** A finished request's id is remembered this long after its deadline, so it cannot be used again. */
const REQUEST_ID_MEMORY_MS = CHAT_REQUEST_LIFETIME_MS;

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

export class Requests {
  private readonly sql: SqlStorage;
  private readonly sockets: HubSockets;
  private readonly presence: Presence;
  private readonly blocks: Blocks;
  private readonly sessions: Sessions;

  constructor(sql: SqlStorage, sockets: HubSockets, presence: Presence, blocks: Blocks, sessions: Sessions) {
    this.sql = sql;
    this.sockets = sockets;
    this.presence = presence;
    this.blocks = blocks;
    this.sessions = sessions;
  }

  /** Sends a request, or answers why not. */
  create(member: ChatMember, recipientId: number, requestId: string): ChatErrorCode | null {
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
    const recipient = this.presence.member(recipientId);
    // A member who chose not to be listed cannot be asked either; to the requester they are simply not online.
    if (!recipient || this.blocks.isHidden(member.id, recipientId) || this.presence.isInvisible(recipientId))
      return 'recipient_offline';
    if (this.sql.exec('SELECT 1 FROM requests WHERE id = ?', requestId).toArray().length) return 'invalid_request_id';
    const outgoing = this.sql
      .exec<{ recipient_id: number }>(
        "SELECT recipient_id FROM requests WHERE requester_id = ? AND status = 'pending'",
        member.id,
      )
      .toArray();
    if (outgoing.some((row) => row.recipient_id === recipientId)) return 'already_requested';
    if (this.sessions.between(member.id, recipientId)) return 'already_chatting';
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
    this.sockets.sendToUser(member.id, {
      type: 'chat-request-sent',
      requestId,
      recipientId,
      recipientName: recipient.name,
      remainingTime,
    });
    this.sockets.sendToUser(recipientId, {
      type: 'incoming-chat-request',
      requestId,
      requesterId: member.id,
      requesterName: member.name,
      remainingTime,
    });
    return null;
  }

  cancel(requestId: string, byUserId: number): boolean {
    return this.finish(requestId, byUserId, 'cancelled', 'withdrawn');
  }

  reject(requestId: string, byUserId: number): boolean {
    return this.finish(requestId, byUserId, 'rejected');
  }

  /**
   * Only the recipient accepts; the session starts as soon as its own object is ready. False when there is
   * nothing they may accept (also when the request ended while the object was being created).
   */
  async accept(requestId: string, byUserId: number): Promise<boolean> {
    const request = this.pending(requestId);
    if (!request || request.recipient_id !== byUserId) return false;
    let session: SessionRow;
    try {
      session = await this.sessions.open(
        { id: request.requester_id, name: request.requester_name },
        { id: request.recipient_id, name: request.recipient_name },
      );
    } catch {
      return false;
    }
    // Other frames and the alarm may have run meanwhile: the request may have ended, or the two be chatting.
    if (!this.pending(requestId) || this.sessions.between(request.requester_id, request.recipient_id)) {
      this.sessions.discard(session.id);
      return false;
    }
    this.sessions.store(session);
    // A request the other way round (both asked at once) is answered by the same session.
    for (const answered of this.pendingOf(request.recipient_id)) {
      const between = [answered.requester_id, answered.recipient_id];
      if (!between.includes(request.requester_id)) continue;
      this.sql.exec("UPDATE requests SET status = 'accepted' WHERE id = ?", answered.id);
      this.sockets.sendToUser(answered.requester_id, {
        type: 'chat-request-accepted',
        sessionId: session.id,
        participantId: answered.requester_id === request.requester_id ? request.recipient_id : request.requester_id,
        requestId: answered.id,
      });
    }
    this.sessions.announce(session);
    return true;
  }

  /** The alarm: requests past their deadline expire, and finished ones past theirs are forgotten. */
  expireDue(now: number) {
    for (const request of this.sql
      .exec<RequestRow>("SELECT * FROM requests WHERE status = 'pending' AND expires_at <= ?", now)
      .toArray())
      this.finish(request.id, request.requester_id, 'expired', 'timeout');
    this.sql.exec('DELETE FROM requests WHERE status != ? AND forget_at <= ?', 'pending', now);
  }

  /** A member is gone: their own requests are withdrawn; requests waiting for them can no longer be answered. */
  memberLeft(userId: number) {
    for (const request of this.pendingOf(userId)) {
      if (request.requester_id === userId) this.finish(request.id, userId, 'cancelled', 'offline');
      else this.finish(request.id, userId, 'expired', 'offline');
    }
  }

  /** The requests between the two go; to the blocked member the blocker simply goes offline. */
  blocked(blockerId: number, blockedId: number) {
    for (const request of this.pendingOf(blockerId)) {
      if (request.requester_id === blockerId && request.recipient_id === blockedId)
        this.finish(request.id, blockerId, 'cancelled', 'withdrawn');
      else if (request.requester_id === blockedId) this.finish(request.id, blockerId, 'expired', 'offline');
    }
  }

  /** The member's pending requests, both ways, for a (re)joining socket. */
  replay(ws: WebSocket, userId: number) {
    const now = Date.now();
    for (const request of this.pendingOf(userId)) {
      const remainingTime = Math.max(0, Math.ceil((request.expires_at - now) / 1000));
      if (request.requester_id === userId)
        this.sockets.send(ws, {
          type: 'chat-request-sent',
          requestId: request.id,
          recipientId: request.recipient_id,
          recipientName: request.recipient_name,
          remainingTime,
        });
      else
        this.sockets.send(ws, {
          type: 'incoming-chat-request',
          requestId: request.id,
          requesterId: request.requester_id,
          requesterName: request.requester_name,
          remainingTime,
        });
    }
  }

  /**
   * The earliest expiry of a pending request or end of a finished one's memory, for the alarm: two index look-ups.
   * Every row is forgotten after it expires, so a pending row's `forget_at` is never the earliest deadline.
   */
  nextDeadline(): number | null {
    return this.sql
      .exec<{ next: number | null }>(
        "SELECT min(next) AS next FROM (SELECT min(expires_at) AS next FROM requests WHERE status = 'pending' UNION ALL SELECT min(forget_at) FROM requests)",
      )
      .one().next;
  }

  /**
   * Ends a pending request. Only the requester cancels, only the recipient rejects; expiry (by the alarm or
   * because a member left) may come from either side. Returns false when there is nothing the caller may end.
   */
  private finish(
    requestId: string,
    byUserId: number,
    ...[outcome, reason]: ['cancelled', 'withdrawn' | 'offline'] | ['rejected'] | ['expired', 'timeout' | 'offline']
  ): boolean {
    const request = this.pending(requestId);
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
    this.sockets.sendToUsers([request.requester_id, request.recipient_id], frame);
    return true;
  }

  private pending(requestId: string): RequestRow | undefined {
    return this.sql
      .exec<RequestRow>("SELECT * FROM requests WHERE id = ? AND status = 'pending'", requestId)
      .toArray()[0];
  }

  private pendingOf(userId: number): RequestRow[] {
    return this.sql
      .exec<RequestRow>(
        "SELECT * FROM requests WHERE status = 'pending' AND (requester_id = ? OR recipient_id = ?) ORDER BY expires_at",
        userId,
        userId,
      )
      .toArray();
  }
}
