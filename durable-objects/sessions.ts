// A chat session: two members, from an accepted request until either ends it, blocks the other or leaves. The
// hub stores only who is in which session (`sessions`); what they say is relayed and never stored
// (messages.ts). While one of the two is away within their grace period, the other is told so
// (`chat-partner-status`) and the session waits for them.
import type { ServerFrame, SessionEndReason } from '../common/chat-protocol.ts';
import type { HubSockets } from './hub-sockets.ts';
import type { Messages } from './messages.ts';
import type { Presence } from './presence.ts';

export type SessionRow = {
  id: string;
  participant1_id: number;
  participant1_name: string;
  participant2_id: number;
  participant2_name: string;
  started_at: number;
};

type Participant = { id: number; name: string };

export function partnerOf(session: SessionRow, userId: number): Participant {
  return session.participant1_id === userId
    ? { id: session.participant2_id, name: session.participant2_name }
    : { id: session.participant1_id, name: session.participant1_name };
}

function partnerStatus(sessionId: string, participantId: number, until: number | null): ServerFrame {
  const remainingTime = until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000));
  return { type: 'chat-partner-status', sessionId, participantId, away: until !== null, remainingTime };
}

export class Sessions {
  private readonly sql: SqlStorage;
  private readonly sockets: HubSockets;
  private readonly presence: Presence;
  private readonly messages: Messages;

  constructor(sql: SqlStorage, sockets: HubSockets, presence: Presence, messages: Messages) {
    this.sql = sql;
    this.sockets = sockets;
    this.presence = presence;
    this.messages = messages;
  }

  /** The session, if this member is in it. */
  of(sessionId: string, userId: number): SessionRow | undefined {
    return this.sql
      .exec<SessionRow>('SELECT * FROM sessions WHERE id = ? AND (participant1_id = ? OR participant2_id = ?)', sessionId, userId, userId)
      .toArray()[0];
  }

  between(a: number, b: number): SessionRow | undefined {
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

  /** Stores a new session between a requester and the recipient who accepted; nobody is told yet. */
  create(requester: Participant, recipient: Participant): SessionRow {
    const session: SessionRow = {
      id: crypto.randomUUID(),
      participant1_id: requester.id,
      participant1_name: requester.name,
      participant2_id: recipient.id,
      participant2_name: recipient.name,
      started_at: Date.now(),
    };
    this.sql.exec(
      'INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?)',
      session.id,
      session.participant1_id,
      session.participant1_name,
      session.participant2_id,
      session.participant2_name,
      session.started_at,
    );
    return session;
  }

  /** Tells both sides of a session just created that it started. */
  announce(session: SessionRow) {
    const requester = { id: session.participant1_id, name: session.participant1_name };
    const recipient = { id: session.participant2_id, name: session.participant2_name };
    this.sockets.sendToUser(requester.id, { type: 'chat-session-started', sessionId: session.id, participantId: recipient.id, participantName: recipient.name });
    this.sockets.sendToUser(recipient.id, { type: 'chat-session-started', sessionId: session.id, participantId: requester.id, participantName: requester.name });
    // A requester whose connection dropped meanwhile can still be accepted; the other side learns they are away.
    const requesterAway = this.presence.awayUntil(requester.id);
    if (requesterAway !== null) this.sockets.sendToUser(recipient.id, partnerStatus(session.id, requester.id, requesterAway));
  }

  /** Ends a session this member is in, for both sides; false when there is none. */
  end(sessionId: string, byUserId: number, reason: SessionEndReason): boolean {
    const session = this.of(sessionId, byUserId);
    if (!session) return false;
    this.sql.exec('DELETE FROM sessions WHERE id = ?', sessionId);
    this.messages.forget(sessionId);
    this.sockets.sendToUsers([session.participant1_id, session.participant2_id], { type: 'chat-session-ended', sessionId, reason });
    return true;
  }

  /** A block ends whatever session is between the two. */
  endBetween(blockerId: number, blockedId: number) {
    const session = this.between(blockerId, blockedId);
    if (session) this.end(session.id, blockerId, 'ended');
  }

  /** A member is gone (grace over, or their session ended): their sessions end. */
  memberLeft(userId: number) {
    for (const session of this.ofMember(userId)) this.end(session.id, userId, 'offline');
  }

  /** Tells the partners of a member's sessions that the member is away until `until`, or back (null). */
  tellPartners(userId: number, until: number | null) {
    for (const session of this.ofMember(userId)) this.sockets.sendToUser(partnerOf(session, userId).id, partnerStatus(session.id, userId, until));
  }

  /**
   * The member's sessions for a (re)joining socket, with the messages the hub still holds (so a reload, or a
   * partner back from a dropped connection, finds the conversation as it was, including what was said while
   * they were away) and which partners are away.
   */
  replay(ws: WebSocket, userId: number) {
    for (const session of this.ofMember(userId)) {
      const partner = partnerOf(session, userId);
      this.sockets.send(ws, { type: 'chat-session-started', sessionId: session.id, participantId: partner.id, participantName: partner.name });
      for (const message of this.messages.transcript(session.id)) this.sockets.send(ws, { type: 'new-message', message });
      const partnerAway = this.presence.awayUntil(partner.id);
      if (partnerAway !== null) this.sockets.send(ws, partnerStatus(session.id, partner.id, partnerAway));
    }
  }

  private ofMember(userId: number): SessionRow[] {
    return this.sql
      .exec<SessionRow>('SELECT * FROM sessions WHERE participant1_id = ? OR participant2_id = ?', userId, userId)
      .toArray();
  }
}
