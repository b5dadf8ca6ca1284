// The ChatSession Durable Object (ADR 005): one per chat session, named by the session id. What the two members
// say, and their typing, goes over sockets of its own (one per tab, `chatSessionPath` in chat-protocol.ts) and
// never through the hub, so messages cost the hub nothing and each chat is its own unit of load.
//
// The hub keeps who is in which session: it creates this object when a request is accepted (`start`, before
// either member hears of the session) and ends it (`end`) whenever the session ends for any reason (END CHAT, a
// block, a report, a member gone after the grace period, a sign-out or a ban); it also closes the sockets of a
// signed-out session here (`closeSockets`) and asks for the transcript of a report (`transcript`). The object
// stores only the session's row, so that it survives eviction; ending deletes everything, so an ended session
// leaves nothing behind and its id opens nothing. Messages are relayed and never stored: the last
// CHAT_REPORT_TRANSCRIPT_LENGTH live in memory (messages.ts), for a report and for a socket that opens later (a
// reload, a second tab, a member back within the grace period), which gets them first.
//
// The Worker authenticates every socket and passes the verified member in a header; this object lets in only
// the session's two members, at most CHAT_SOCKETS_PER_MEMBER sockets each, and puts every frame through the same
// policy as the hub (size, the session's expiry, frame budgets per socket and per member, the message rate).
//
// A member whose client speaks the spec's protocol talks to the hub only: the hub carries their messages and typing
// here (`fromHub`), and this object passes what its own sockets say to such a member back to the hub. Who listens
// on the hub is stored (`hub_listeners`), so that it survives the object sleeping; nobody listening there, nothing
// is passed, and the hub hears nothing of the session's messages.
import { DurableObject } from 'cloudflare:workers';
import {
  CHAT_ERRORS,
  CLOSE_CHAT_ENDED,
  CLOSE_SESSION_ENDED,
  type ChatErrorCode,
  type ChatMessage,
  type ParsedClientFrame,
  type ServerFrame,
} from '../common/chat-protocol.ts';
import type { ChatHub } from './chat-hub.ts';
import {
  CHAT_HUB_NAME,
  CHAT_MEMBER_HEADER,
  HubSockets,
  type ChatMember,
  type MemberConnection,
  type SocketTarget,
} from './hub-sockets.ts';
import { Messages } from './messages.ts';
import { partnerOf, sessionRowValues, type SessionRow } from './sessions.ts';
import { SocketPolicy } from './socket-policy.ts';

/** What a session's members say: the frames a session's object relays, from its own sockets or carried by the hub. */
export type HubFrame = Extract<ParsedClientFrame, { type: 'send-message' | 'typing-start' | 'typing-stop' }>;

/** The session object's bindings: the hub, to pass on what is said to members who listen there. */
export interface ChatSessionEnv {
  CHAT_HUB: DurableObjectNamespace<ChatHub>;
}

/** The one table: the session's row as the hub has it. Sessions are short-lived; a new column ships with a migration. */
const SCHEMA = `CREATE TABLE IF NOT EXISTS session (
  id TEXT PRIMARY KEY, participant1_id INTEGER NOT NULL, participant1_name TEXT NOT NULL,
  participant2_id INTEGER NOT NULL, participant2_name TEXT NOT NULL, started_at INTEGER NOT NULL)`;

/** The members who hear this session on the hub (their client speaks the spec's protocol there). */
const LISTENERS_SCHEMA = 'CREATE TABLE IF NOT EXISTS hub_listeners (user_id INTEGER PRIMARY KEY)';

/**
 * A session's frames are a few hundred bytes, too small for permessage-deflate to save much, and its zlib state
 * costs every socket about 200 kB and every frame a compression. workerd negotiates the extension from the
 * client's offer unless the response names its own agreement; one that names no permessage-deflate agrees to none,
 * and workerd then leaves the header out of the handshake. The hub's sockets keep compression: whole presence
 * lists are what it pays for.
 */
const UNCOMPRESSED = { 'Sec-WebSocket-Extensions': 'none' };

function isParticipant(session: SessionRow, userId: number): boolean {
  return session.participant1_id === userId || session.participant2_id === userId;
}

export class ChatSession extends DurableObject<ChatSessionEnv> {
  private readonly sockets: HubSockets;
  private readonly policy: SocketPolicy;
  private readonly messages: Messages;
  /** The session's row once read (null: never started, or ended). */
  private row: SessionRow | null | undefined;
  /** `hub_listeners` once read. */
  private listeners: Set<number> | undefined;

  constructor(ctx: DurableObjectState, env: ChatSessionEnv) {
    super(ctx, env);
    this.sockets = new HubSockets(ctx);
    this.policy = new SocketPolicy(this.sockets);
    this.messages = new Messages(this.sockets);
  }

  /** The session, while it is active. The table is made by `start`, so asking about an unknown id stores nothing. */
  private session(): SessionRow | null {
    if (this.row === undefined) {
      const sql = this.ctx.storage.sql;
      const exists =
        sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'session'").toArray().length > 0;
      this.row = exists ? (sql.exec<SessionRow>('SELECT * FROM session').toArray()[0] ?? null) : null;
    }
    return this.row;
  }

  private hubListeners(): Set<number> {
    if (this.listeners === undefined) {
      const sql = this.ctx.storage.sql;
      const exists =
        sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'hub_listeners'").toArray().length > 0;
      this.listeners = new Set(
        exists
          ? sql
              .exec<{ user_id: number }>('SELECT user_id FROM hub_listeners')
              .toArray()
              .map((row) => row.user_id)
          : [],
      );
    }
    return this.listeners;
  }

  private listenOnHubFrom(userIds: number[]) {
    const listeners = this.hubListeners();
    const fresh = userIds.filter((userId) => !listeners.has(userId));
    if (fresh.length === 0) return;
    const sql = this.ctx.storage.sql;
    sql.exec(LISTENERS_SCHEMA);
    for (const userId of fresh) {
      sql.exec('INSERT OR IGNORE INTO hub_listeners VALUES (?)', userId);
      listeners.add(userId);
    }
  }

  /** What this object's sockets got, passed to the hub for those of `userIds` who listen there. */
  private async tellHub(session: SessionRow, frame: ServerFrame, userIds: number[]) {
    const listening = userIds.filter((userId) => this.hubListeners().has(userId));
    if (listening.length === 0) return;
    try {
      await this.env.CHAT_HUB.get(this.env.CHAT_HUB.idFromName(CHAT_HUB_NAME)).deliverFromSession(
        session.id,
        frame,
        listening,
      );
    } catch {
      // The hub restarted: its spec sockets reconnect, and their `join` replays the messages held here.
    }
  }

  /** Relays what a member said on any socket, and answers the frame their partner got. */
  private say(session: SessionRow, sender: ChatMember, frame: HubFrame): ServerFrame {
    return frame.type === 'send-message'
      ? this.messages.relay(session, sender, frame.content)
      : this.messages.typing(session, sender.id, frame.type);
  }

  // Sockets ----------------------------------------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    const header = request.headers.get(CHAT_MEMBER_HEADER);
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket' || !header)
      return new Response('Expected a WebSocket upgrade from the Worker', { status: 400 });
    const { member, sessionId, sessionExpiresAt } = JSON.parse(header) as MemberConnection;
    const session = this.session();
    // An ended session and someone else's look the same from outside.
    if (!session || !isParticipant(session, member.id))
      return Response.json({ message: CHAT_ERRORS.session_not_found, code: 'NOT_FOUND' }, { status: 404 });
    const refused = this.policy.refuseSocket(member.id, this.sockets.open(member.id).length);
    if (refused) return refused;
    const { client, server } = this.sockets.accept(member, sessionId, sessionExpiresAt);
    // What was said before this socket opened (a reload, another tab, a member back from a dropped connection).
    for (const message of this.messages.transcript(session.id))
      this.sockets.send(server, { type: 'new-message', message });
    return new Response(null, { status: 101, webSocket: client, headers: UNCOMPRESSED });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const admitted = this.policy.admit(ws, raw);
    if (!admitted) return;
    const { member, frame } = admitted;
    const fail = (code: ChatErrorCode) => this.sockets.sendError(ws, code);
    // Requests, answers, joining and ending are the hub's (/ws/chat).
    if (frame.type !== 'send-message' && frame.type !== 'typing-start' && frame.type !== 'typing-stop')
      return fail('invalid_frame');
    const session = this.session();
    if (!session || frame.sessionId !== session.id) return fail('session_not_found');
    if (frame.type === 'send-message' && !this.policy.allowMessage(ws)) return fail('rate_limited');
    const told = this.say(session, member, frame);
    const to =
      frame.type === 'send-message'
        ? [session.participant1_id, session.participant2_id]
        : [partnerOf(session, member.id).id];
    await this.tellHub(session, told, to);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.sockets.close(ws, code === 1005 || code === 1006 ? 1000 : code, reason);
  }

  // Called by the hub over RPC -----------------------------------------------------------------------------

  /**
   * The hub accepted a request: the session is active from now on, for its two members, of whom those in
   * `listeningOnHub` hear it on the hub. Repeating it changes nothing.
   */
  async start(session: SessionRow, listeningOnHub: number[] = []): Promise<void> {
    if (this.session()) return;
    const sql = this.ctx.storage.sql;
    sql.exec(SCHEMA);
    sql.exec('INSERT INTO session VALUES (?, ?, ?, ?, ?, ?)', ...sessionRowValues(session));
    this.row = session;
    this.listenOnHubFrom(listeningOnHub);
  }

  /**
   * A message or typing that a member sent on the hub: relayed to this object's sockets, and the frame answered for
   * the hub to send to its own; null when the member is not in this session, or it has ended.
   */
  async fromHub(sender: ChatMember, frame: HubFrame): Promise<ServerFrame | null> {
    const session = this.session();
    if (!session || frame.sessionId !== session.id || !isParticipant(session, sender.id)) return null;
    this.listenOnHubFrom([sender.id]);
    return this.say(session, sender, frame);
  }

  /** The member hears this session on the hub from now on; answers the messages it still holds, oldest first. */
  async listenOnHub(userId: number): Promise<ChatMessage[]> {
    const session = this.session();
    if (!session || !isParticipant(session, userId)) return [];
    this.listenOnHubFrom([userId]);
    return this.messages.transcript(session.id);
  }

  /** The session ended (the hub has told both members why): its sockets close and nothing of it stays. */
  async end(): Promise<void> {
    const session = this.session();
    for (const ws of this.sockets.all()) this.sockets.close(ws, CLOSE_CHAT_ENDED, 'Chat ended');
    if (session) this.messages.forget(session.id);
    this.row = null;
    this.listeners = new Set();
    await this.ctx.storage.deleteAll();
  }

  /** A member signed out (one session) or was banned (all): their sockets here close as the hub's do. */
  async closeSockets(target: SocketTarget): Promise<number> {
    const sockets = this.sockets.of(target);
    for (const ws of sockets) this.sockets.close(ws, CLOSE_SESSION_ENDED, 'Signed out');
    return sockets.length;
  }

  /** The session's last messages, oldest first, for a report. */
  async transcript(): Promise<ChatMessage[]> {
    const session = this.session();
    return session ? this.messages.transcript(session.id) : [];
  }
}
