// A chat session: two members, from an accepted request until either ends it, blocks the other or leaves. The
// hub stores only who is in which session (`sessions`), to end a session when one of them leaves; what they say
// goes to the session's own object (chat-session.ts), which the hub creates before anyone hears of the session
// and ends with it. An object that has not yet heard of its ending is asked again by the alarm
// (`session_endings`). While one of the two is away within their grace period, the other is told so
// (`chat-partner-status`) and the session waits for them.
//
// A member on a hub socket that speaks the spec's protocol (it joined without asking for the session sockets) sends
// its messages and typing to the hub: they are carried to the session's object, one after another in the order they
// came, and the answers come back to that member's and the partner's spec sockets (`carry`). The object tells the
// hub what its own sockets say to a member who listens here (`deliver`).
import type { ChatMessage, ServerFrame, SessionEndReason } from '../common/chat-protocol.ts';
import type { ChatSession, HubFrame } from './chat-session.ts';
import type { ChatMember, HubSockets, SocketTarget } from './hub-sockets.ts';
import type { Presence } from './presence.ts';

/** An ending the session's object did not hear of is tried again this much later. */
const ENDING_RETRY_MS = 5000;

export type SessionRow = {
  id: string;
  participant1_id: number;
  participant1_name: string;
  participant2_id: number;
  participant2_name: string;
  started_at: number;
};

/** A session row's values in its columns' order: the hub's `sessions` and a session object's `session` tables. */
export function sessionRowValues(session: SessionRow) {
  return [
    session.id,
    session.participant1_id,
    session.participant1_name,
    session.participant2_id,
    session.participant2_name,
    session.started_at,
  ];
}

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
  private readonly objects: (sessionId: string) => DurableObjectStub<ChatSession>;
  private readonly scheduleAlarm: () => Promise<void>;
  /** What is being carried to each session's object for the spec's sockets, so that it arrives in order. */
  private readonly carrying = new Map<string, Promise<unknown>>();

  constructor(
    sql: SqlStorage,
    sockets: HubSockets,
    presence: Presence,
    objects: (sessionId: string) => DurableObjectStub<ChatSession>,
    scheduleAlarm: () => Promise<void>,
  ) {
    this.sql = sql;
    this.sockets = sockets;
    this.presence = presence;
    this.objects = objects;
    this.scheduleAlarm = scheduleAlarm;
  }

  /** The session, if this member is in it. */
  of(sessionId: string, userId: number): SessionRow | undefined {
    return this.sql
      .exec<SessionRow>(
        'SELECT * FROM sessions WHERE id = ? AND (participant1_id = ? OR participant2_id = ?)',
        sessionId,
        userId,
        userId,
      )
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

  /**
   * Creates the session's own object for a requester and the recipient who accepted, and answers the session,
   * not stored yet (other frames may be handled while the object is created: the caller checks the request is
   * still pending, then stores it, or discards it).
   */
  async open(requester: Participant, recipient: Participant): Promise<SessionRow> {
    const session: SessionRow = {
      id: crypto.randomUUID(),
      participant1_id: requester.id,
      participant1_name: requester.name,
      participant2_id: recipient.id,
      participant2_name: recipient.name,
      started_at: Date.now(),
    };
    await this.objects(session.id).start(session, this.listeningHere([requester.id, recipient.id]));
    return session;
  }

  /** Which of these members have a spec socket here, which hears their chats on the hub. */
  private listeningHere(userIds: number[]): number[] {
    return userIds.filter((userId) => this.sockets.specSockets([userId]).length > 0);
  }

  /**
   * A message or typing from a spec socket, carried to the session's object (which relays it to its own sockets)
   * and sent back to the spec sockets here: a message to both members', typing to the partner's.
   */
  carry(session: SessionRow, sender: ChatMember, frame: HubFrame): Promise<unknown> {
    const before = this.carrying.get(session.id) ?? Promise.resolve();
    const carried = before.then(async () => {
      const answer = await this.objects(session.id)
        .fromHub(sender, frame)
        .catch(() => null);
      if (!answer) return;
      const to =
        answer.type === 'new-message'
          ? [session.participant1_id, session.participant2_id]
          : [partnerOf(session, sender.id).id];
      this.sendToSpecSockets(answer, to);
    });
    this.carrying.set(session.id, carried);
    return carried.finally(() => {
      if (this.carrying.get(session.id) === carried) this.carrying.delete(session.id);
    });
  }

  /** The session's object passes on what its own sockets said to members of the session who listen here. */
  deliver(sessionId: string, frame: ServerFrame, userIds: number[]) {
    this.sendToSpecSockets(
      frame,
      userIds.filter((userId) => this.of(sessionId, userId)),
    );
  }

  private sendToSpecSockets(frame: ServerFrame, userIds: number[]) {
    const data = JSON.stringify(frame);
    for (const ws of this.sockets.specSockets(userIds)) this.sockets.sendRaw(ws, data);
  }

  /** Stores a session whose object is ready; nobody is told yet. */
  store(session: SessionRow) {
    this.sql.exec('INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?)', ...sessionRowValues(session));
  }

  /** A session opened for nothing (the request ended meanwhile): its object goes. */
  discard(sessionId: string) {
    this.endObject(sessionId);
  }

  /** Tells both sides of a session just created that it started. */
  announce(session: SessionRow) {
    const requester = { id: session.participant1_id, name: session.participant1_name };
    const recipient = { id: session.participant2_id, name: session.participant2_name };
    this.sockets.sendToUser(requester.id, {
      type: 'chat-session-started',
      sessionId: session.id,
      participantId: recipient.id,
      participantName: recipient.name,
    });
    this.sockets.sendToUser(recipient.id, {
      type: 'chat-session-started',
      sessionId: session.id,
      participantId: requester.id,
      participantName: requester.name,
    });
    // A requester whose connection dropped meanwhile can still be accepted; the other side learns they are away.
    const requesterAway = this.presence.awayUntil(requester.id);
    if (requesterAway !== null)
      this.sockets.sendToUser(recipient.id, partnerStatus(session.id, requester.id, requesterAway));
  }

  /** Ends a session this member is in, for both sides; false when there is none. */
  end(sessionId: string, byUserId: number, reason: SessionEndReason): boolean {
    const session = this.of(sessionId, byUserId);
    if (!session) return false;
    this.sql.exec('DELETE FROM sessions WHERE id = ?', sessionId);
    this.sockets.sendToUsers([session.participant1_id, session.participant2_id], {
      type: 'chat-session-ended',
      sessionId,
      reason,
    });
    this.endObject(sessionId);
    return true;
  }

  /** The session's object ends (its sockets close, its messages go), now or, if it cannot be reached, by the alarm. */
  private endObject(sessionId: string) {
    this.sql.exec('INSERT OR REPLACE INTO session_endings VALUES (?, ?)', sessionId, Date.now() + ENDING_RETRY_MS);
    void this.tellEnded(sessionId);
  }

  private async tellEnded(sessionId: string) {
    try {
      await this.scheduleAlarm();
      await this.objects(sessionId).end();
      this.sql.exec('DELETE FROM session_endings WHERE session_id = ?', sessionId);
    } catch {
      this.sql.exec(
        'UPDATE session_endings SET retry_at = ? WHERE session_id = ?',
        Date.now() + ENDING_RETRY_MS,
        sessionId,
      );
      await this.scheduleAlarm();
    }
  }

  /** The alarm: endings whose object did not hear of them are tried again. */
  async retryEndings(now: number) {
    const due = this.sql
      .exec<{ session_id: string }>('SELECT session_id FROM session_endings WHERE retry_at <= ?', now)
      .toArray();
    await Promise.all(due.map(({ session_id }) => this.tellEnded(session_id)));
  }

  /** The earliest retry of an ending, for the alarm. */
  nextDeadline(): number | null {
    return this.sql.exec<{ next: number | null }>('SELECT min(retry_at) AS next FROM session_endings').one().next;
  }

  /** A member's sockets of one session (sign-out) or of all (ban) close in their chats' objects too. */
  async closeSockets(target: SocketTarget) {
    await Promise.all(this.ofMember(target.userId).map((session) => this.objects(session.id).closeSockets(target)));
  }

  /** The session's last messages, from its object, for a report. */
  async transcript(sessionId: string): Promise<ChatMessage[]> {
    return this.objects(sessionId).transcript();
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
    for (const session of this.ofMember(userId))
      this.sockets.sendToUser(partnerOf(session, userId).id, partnerStatus(session.id, userId, until));
  }

  /**
   * The member's sessions for a (re)joining socket, and which partners are away. The conversation itself comes
   * from each session's object when the client opens that session's socket (a reload, or a partner back from a
   * dropped connection, finds it as it was, including what was said while they were away).
   */
  replay(ws: WebSocket, userId: number): SessionRow[] {
    const sessions = this.ofMember(userId);
    for (const session of sessions) {
      const partner = partnerOf(session, userId);
      this.sockets.send(ws, {
        type: 'chat-session-started',
        sessionId: session.id,
        participantId: partner.id,
        participantName: partner.name,
      });
      const partnerAway = this.presence.awayUntil(partner.id);
      if (partnerAway !== null) this.sockets.send(ws, partnerStatus(session.id, partner.id, partnerAway));
    }
    return sessions;
  }

  /**
   * A spec socket that joined hears its chats here from now on: each session's object learns that the member
   * listens on the hub and answers the messages it still holds, which the socket gets first.
   */
  async replayMessages(ws: WebSocket, userId: number, sessions: SessionRow[]) {
    const transcripts = await Promise.all(
      sessions.map((session) =>
        this.objects(session.id)
          .listenOnHub(userId)
          .catch(() => []),
      ),
    );
    for (const message of transcripts.flat()) this.sockets.send(ws, { type: 'new-message', message });
  }

  private ofMember(userId: number): SessionRow[] {
    return this.sql
      .exec<SessionRow>('SELECT * FROM sessions WHERE participant1_id = ? OR participant2_id = ?', userId, userId)
      .toArray();
  }
}
