// The ChatHub Durable Object (docs/architecture.md, "A chat frame"; ADR 005): presence, 30-second chat requests
// and who is in which chat session, over hibernatable WebSockets. What members say goes to each session's own
// object (chat-session.ts), never through here. This class only coordinates: it accepts sockets, puts each frame
// through the socket policy and hands it to its concern (presence.ts, requests.ts, sessions.ts, blocks.ts), and
// runs what spans them: a member coming, going away and leaving, the snapshot a joining socket gets, and the
// one alarm, set to the earliest deadline any concern has. Every handler works from the stored state
// (hub-storage.ts), so a repeated alarm or frame changes nothing twice.
//
// A member whose last socket drops is away for a grace period and their chats and requests wait; only when it
// ends (by the alarm) do their chats end and their requests go, with the reason `offline`. A socket closed
// because its session ended (sign-out, ban) ends everything at once.
import { DurableObject } from 'cloudflare:workers';
import { type ChatErrorCode, type ChatMessage, type PresenceMode, type ServerFrame } from '../common/chat-protocol.ts';
import { Blocks } from './blocks.ts';
import { migrateHubStorage } from './hub-storage.ts';
import type { ChatSession } from './chat-session.ts';
import {
  CHAT_MEMBER_HEADER,
  HubSockets,
  type ChatConnection,
  type SocketAttachment,
  type SocketTarget,
} from './hub-sockets.ts';
import { Presence } from './presence.ts';
import { Requests } from './requests.ts';
import { Sessions, partnerOf } from './sessions.ts';
import { SocketPolicy, closeForEndedSession, floodsIn } from './socket-policy.ts';

export { CHAT_HUB_NAME, CHAT_MEMBER_HEADER, type ChatConnection, type MemberConnection } from './hub-sockets.ts';

/** The hub's bindings: the chat sessions' objects, named by session id. */
export interface ChatHubEnv {
  CHAT_SESSION: DurableObjectNamespace<ChatSession>;
}

/**
 * How far the object's clock may trail the time its alarm was set for when the alarm runs (the runtime fires on its
 * own clock; `Date.now()` in the handler is the event loop's, a few milliseconds behind at times). The alarm does
 * the work due this much ahead: a deadline it found not yet due would be set again as the very alarm that is
 * running, and the runtime drops an alarm set to the time of the one that ran, so that deadline would never come.
 */
const ALARM_CLOCK_LAG_MS = 50;

export class ChatHub extends DurableObject<ChatHubEnv> {
  private readonly sockets: HubSockets;
  private readonly policy: SocketPolicy;
  private readonly blocks: Blocks;
  private readonly presence: Presence;
  private readonly sessions: Sessions;
  private readonly requests: Requests;

  constructor(ctx: DurableObjectState, env: ChatHubEnv) {
    super(ctx, env);
    migrateHubStorage(ctx.storage);
    const sql = ctx.storage.sql;
    const scheduleAlarm = () => this.scheduleAlarm();
    this.sockets = new HubSockets(ctx);
    this.policy = new SocketPolicy(this.sockets, floodsIn(sql));
    this.blocks = new Blocks(sql);
    this.presence = new Presence(sql, this.sockets, this.blocks, scheduleAlarm);
    const objects = (sessionId: string) => env.CHAT_SESSION.get(env.CHAT_SESSION.idFromName(sessionId));
    this.sessions = new Sessions(sql, this.sockets, this.presence, objects, scheduleAlarm);
    this.requests = new Requests(sql, this.sockets, this.presence, this.blocks, this.sessions);
  }

  // Sockets ----------------------------------------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    const header = request.headers.get(CHAT_MEMBER_HEADER);
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket' || !header)
      return new Response('Expected a WebSocket upgrade from the Worker', { status: 400 });
    const { member, hiddenIds, sessionId, sessionExpiresAt, invisible } = JSON.parse(header) as ChatConnection;

    const open = this.sockets.open(member.id);
    const refused = this.policy.refuseSocket(member.id, open.length);
    if (refused) return refused;

    // Blocks made or lifted while the hub did not hear of it apply now, to the two members only.
    for (const { otherId, hidden } of this.blocks.replaceFor(member.id, hiddenIds))
      this.presence.pairChanged(member.id, otherId, hidden);
    // A member back within their grace period was listed all along; their partners hear they are back.
    const { returned, visibilityChanged } = this.presence.connecting(member.id, invisible);
    const { client } = this.sockets.accept(member, sessionId, sessionExpiresAt);
    if (returned) {
      this.sessions.tellPartners(member.id, null);
      await this.scheduleAlarm();
    }
    // Presence changes only when a member comes online or changes their visibility; another tab learns the
    // list from its `join`, and costs nobody else a frame.
    const cameOnline = open.length === 0 && !returned;
    if (cameOnline || visibilityChanged) await this.presence.changed();
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const admitted = this.policy.admit(ws, raw);
    if (!admitted) return;
    const { member, frame } = admitted;
    const fail = (code: ChatErrorCode) => this.sockets.sendError(ws, code);

    switch (frame.type) {
      case 'join':
        if (this.policy.allowJoin(ws, member.id))
          await this.sendSnapshot(ws, member, frame.presence ?? 'full', frame.sessionSockets === true);
        return;
      case 'chat-request': {
        if (!this.policy.allowRequest(member.id)) return fail('rate_limited');
        const refused = this.requests.create(member, frame.recipientId, frame.requestId);
        if (refused) return fail(refused);
        return this.scheduleAlarm();
      }
      case 'cancel-chat-request':
        return this.requests.cancel(frame.requestId, member.id) ? undefined : fail('request_not_found');
      case 'reject-chat-request':
        return this.requests.reject(frame.requestId, member.id) ? undefined : fail('request_not_found');
      case 'accept-chat-request':
        return (await this.requests.accept(frame.requestId, member.id)) ? undefined : fail('request_not_found');
      case 'end-chat-session':
        return this.sessions.end(frame.sessionId, member.id, 'ended') ? undefined : fail('session_not_found');
      case 'send-message':
      case 'typing-start':
      case 'typing-stop': {
        const session = this.sessions.of(frame.sessionId, member.id);
        if (!session) return fail('session_not_found');
        // A socket that asked for the session sockets sends these there; the spec's sockets have the hub carry them.
        if (member.sessionSockets) return fail('chat_socket_required');
        if (frame.type === 'send-message' && !this.policy.allowMessage(ws)) return fail('rate_limited');
        await this.sessions.carry(session, member, frame);
        return;
      }
    }
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.sockets.close(ws, code === 1005 || code === 1006 ? 1000 : code, reason);
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
    const member = this.sockets.attachmentOf(ws);
    if (!member || this.sockets.open(member.id, ws).length > 0) return;
    if (member.sessionEnded) {
      this.memberLeft(member.id);
      await this.presence.changed();
      return;
    }
    // Close and error may both report the same socket: the first one starts the grace period.
    if (this.presence.awayUntil(member.id) !== null) return;
    this.sessions.tellPartners(member.id, this.presence.goAway(member));
    await this.scheduleAlarm();
  }

  /** A member is gone (grace over, or their session ended): their sessions end and their requests go. */
  private memberLeft(userId: number) {
    this.policy.memberLeft(userId);
    this.presence.memberLeft(userId);
    this.sessions.memberLeft(userId);
    this.requests.memberLeft(userId);
  }

  /**
   * What a (re)joining socket needs to rebuild its state: presence, pending requests, active sessions and which
   * partners are away, and for a socket of the spec's protocol the messages each session still holds; `joined`
   * ends it.
   */
  private async sendSnapshot(
    ws: WebSocket,
    joining: SocketAttachment,
    presence: PresenceMode,
    sessionSockets: boolean,
  ) {
    let member = joining;
    if (member.sessionSockets !== sessionSockets) {
      this.sockets.attach(ws, { ...member, sessionSockets });
      member = this.sockets.attachmentOf(ws)!;
    }
    this.presence.join(ws, member, presence);
    this.requests.replay(ws, member.id);
    const sessions = this.sessions.replay(ws, member.id);
    if (!sessionSockets && sessions.length > 0) await this.sessions.replayMessages(ws, member.id, sessions);
    this.sockets.send(ws, { type: 'joined' });
  }

  // Deadlines --------------------------------------------------------------------------------------------

  override async alarm(): Promise<void> {
    const now = Date.now() + ALARM_CLOCK_LAG_MS;
    this.requests.expireDue(now);
    await this.sessions.retryEndings(now);
    // Members whose grace period is over and who did not come back leave now.
    const gone = this.presence.graceOver(now);
    for (const userId of gone) {
      if (this.sockets.open(userId).length === 0) this.memberLeft(userId);
      else this.presence.back(userId);
    }
    if (gone.length > 0) await this.presence.changed();
    this.presence.broadcastIfDue(now);
    // The alarm that is running may still read as set; the next one is set whatever it reads.
    await this.scheduleAlarm(true);
  }

  /**
   * Sets the one alarm to the earliest deadline (a deadline already past fires it at once), or clears it when
   * nothing is waiting.
   */
  private async scheduleAlarm(fromAlarm = false) {
    const deadlines = [this.requests.nextDeadline(), this.presence.nextDeadline(), this.sessions.nextDeadline()].filter(
      (deadline) => deadline !== null,
    );
    const next = deadlines.length > 0 ? Math.min(...deadlines) : null;
    if (next === null) await this.ctx.storage.deleteAlarm();
    else if (fromAlarm || (await this.ctx.storage.getAlarm()) !== next) await this.ctx.storage.setAlarm(next);
  }

  // Called by the Worker over RPC ------------------------------------------------------------------------

  /**
   * Closes a member's sockets of one session (sign-out, a replaced session) or of every session (ban), here and
   * in their chats' objects. A member away with that session (their last socket dropped a moment ago) leaves at
   * once as well.
   */
  async closeSockets(target: SocketTarget): Promise<number> {
    await this.sessions.closeSockets(target);
    const sockets = this.sockets.of(target);
    for (const ws of sockets) {
      closeForEndedSession(this.sockets, ws, 'Signed out');
      await this.socketGone(ws);
    }
    const away = this.presence.awayWith(target);
    for (const userId of away) this.memberLeft(userId);
    if (away.length > 0) {
      await this.presence.changed();
      await this.scheduleAlarm();
    }
    return sockets.length;
  }

  /**
   * Records a block (or lifts it): the two stop seeing each other, and whatever is between them ends. Only the
   * two members' lists change.
   */
  async setBlock(blockerId: number, blockedId: number, blocked: boolean): Promise<void> {
    if (!blocked) {
      this.blocks.unhide(blockerId, blockedId);
    } else {
      this.blocks.hide(blockerId, blockedId);
      this.sessions.endBetween(blockerId, blockedId);
      this.requests.blocked(blockerId, blockedId);
    }
    this.presence.pairChanged(blockerId, blockedId, blocked);
  }

  /** The reported partner and the session's last messages (from its object), if the reporter is in that session now. */
  async reportTranscript(
    sessionId: string,
    reporterId: number,
  ): Promise<{ reportedId: number; messages: ChatMessage[] } | null> {
    const session = this.sessions.of(sessionId, reporterId);
    if (!session) return null;
    return { reportedId: partnerOf(session, reporterId).id, messages: await this.sessions.transcript(sessionId) };
  }

  /** A session's object passes on what its own sockets said, for those of its members who listen on the hub. */
  async deliverFromSession(sessionId: string, frame: ServerFrame, userIds: number[]): Promise<void> {
    this.sessions.deliver(sessionId, frame, userIds);
  }

  async endSessionFor(sessionId: string, userId: number): Promise<boolean> {
    return this.sessions.end(sessionId, userId, 'ended');
  }

  /** The member's "hide me from the online list" setting changed; see Presence.setInvisible. */
  async setInvisible(userId: number, invisible: boolean): Promise<void> {
    await this.presence.setInvisible(userId, invisible);
  }

  /**
   * A trial or a payment moved the member's premium_until: their open sockets (and their record while away)
   * carry the new time from now on, so the request limit changes without reconnecting. Answers how many
   * sockets were updated.
   */
  async updateMemberPremium(userId: number, premiumUntil: number | null): Promise<number> {
    this.presence.updatePremium(userId, premiumUntil);
    return this.sockets.updatePremium(userId, premiumUntil);
  }
}
