// The sockets of the hub and of each chat session's object, and who is on them. The Worker authenticates every
// socket and hands the verified member over in a header; nothing a client sends about who it is is trusted. The
// member rides in the socket's attachment so that it survives hibernation, and each socket is tagged with its
// member and its session so that a member's sockets, or a signed-out session's, are found without a table of
// our own.
//
// A broadcast to every socket is sent a few sockets per turn of the event loop (`sendSpread`): every object of the
// app shares a thread with the hub where it runs, and one change sent to 500 sockets in one piece held every chat's
// messages behind it. While a socket has frames waiting, whatever else it is sent waits behind them, and a socket
// that closes is first sent what waits for it, so each socket still hears everything in order.
import type { Role } from '../common/roles.ts';
import { CHAT_ERRORS, type ChatErrorCode, type PresenceMode, type ServerFrame } from '../common/chat-protocol.ts';

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

/** What the Worker passes with any chat socket: the verified member and the session it was opened with. */
export type MemberConnection = Pick<ChatConnection, 'member' | 'sessionId' | 'sessionExpiresAt'>;

export const CHAT_MEMBER_HEADER = 'X-Chat-Member';

/** The one hub's name (`idFromName`): one hub serves one region's scale (ADR 005). */
export const CHAT_HUB_NAME = 'global';

/** What rides in each socket's attachment. */
export interface SocketAttachment extends ChatMember {
  sessionId: string;
  sessionExpiresAt: number;
  /** Set when the hub closes the socket because its session ended: the member leaves at once, without grace. */
  sessionEnded?: boolean;
  /** How the socket asked to hear presence in its last `join` (`full`, the spec's, unless it asked for `delta`). */
  presence?: PresenceMode;
  /**
   * Set by a `join` that asked for the session sockets: the socket hears its chats' messages and typing on each
   * chat's own socket. A socket that joined without it hears them here (the spec's protocol).
   */
  sessionSockets?: boolean;
  /**
   * A delta socket that joined while a presence change was waiting to be broadcast holds a list newer than the
   * one broadcast last; the broadcast with this number sends it the whole list instead of the change.
   */
  fullAt?: number;
}

/** Whose sockets: a member's, of one session (sign-out, a replaced session) or of every session (ban). */
export interface SocketTarget {
  userId: number;
  sessionId?: string;
}

function userTag(userId: number) {
  return `user:${userId}`;
}

function sessionTag(sessionId: string) {
  return `session:${sessionId}`;
}

/** Sockets sent their frames in one turn of the event loop, in a spread send (about 3 ms of the hub's CPU). */
export const SOCKETS_PER_TURN = 50;

export class HubSockets {
  private readonly ctx: DurableObjectState;
  /** The frames of a spread send waiting for their socket's turn, in the order the sockets are due. */
  private readonly waiting = new Map<WebSocket, string[]>();
  private draining = false;
  /**
   * Each socket's attachment as last written or read here (frozen): every frame needs its sender, and deserialising
   * the attachment for each one was a tenth of a chat message's garbage. Empty again after hibernation, when each
   * socket's is read once more. Every attachment is written through `attach`, so what is kept is never stale.
   */
  private readonly attachments = new WeakMap<WebSocket, Readonly<SocketAttachment>>();

  constructor(ctx: DurableObjectState) {
    this.ctx = ctx;
  }

  /** Accepts the object's end of a new socket for the member; `client` is the end that goes back to the client. */
  accept(member: ChatMember, sessionId: string, sessionExpiresAt: number): { client: WebSocket; server: WebSocket } {
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [userTag(member.id), sessionTag(sessionId)]);
    this.attach(server, { ...member, sessionId, sessionExpiresAt });
    return { client, server };
  }

  /** Who is on a socket, and how it asked to hear presence; null for a socket that was never accepted here. */
  attachmentOf(ws: WebSocket): Readonly<SocketAttachment> | null {
    let attachment = this.attachments.get(ws);
    if (attachment === undefined) {
      const stored = ws.deserializeAttachment() as SocketAttachment | null;
      if (stored === null) return null;
      attachment = Object.freeze(stored);
      this.attachments.set(ws, attachment);
    }
    return attachment;
  }

  /** Writes a socket's attachment (it survives hibernation) and keeps it for `attachmentOf`. */
  attach(ws: WebSocket, attachment: SocketAttachment) {
    ws.serializeAttachment(attachment);
    this.attachments.set(ws, Object.freeze(attachment));
  }

  all(): WebSocket[] {
    return this.ctx.getWebSockets();
  }

  of(target: SocketTarget): WebSocket[] {
    return this.ctx.getWebSockets(target.sessionId ? sessionTag(target.sessionId) : userTag(target.userId));
  }

  open(userId: number, except?: WebSocket): WebSocket[] {
    return this.of({ userId }).filter((ws) => ws !== except && ws.readyState === WebSocket.OPEN);
  }

  /** The member's sockets carry their new premium time from now on; answers how many were updated. */
  updatePremium(userId: number, premiumUntil: number | null): number {
    const sockets = this.of({ userId });
    for (const ws of sockets) {
      const attachment = this.attachmentOf(ws);
      if (attachment) this.attach(ws, { ...attachment, premiumUntil });
    }
    return sockets.length;
  }

  send(ws: WebSocket, frame: ServerFrame) {
    this.sendRaw(ws, JSON.stringify(frame));
  }

  /** The protocol's error frame: the code and its text (CHAT_ERRORS). */
  sendError(ws: WebSocket, code: ChatErrorCode) {
    this.send(ws, { type: 'error', code, message: CHAT_ERRORS[code] });
  }

  sendRaw(ws: WebSocket, data: string) {
    const waiting = this.waiting.get(ws);
    if (waiting) waiting.push(data);
    else sendNow(ws, data);
  }

  /** Sends each socket its frame, SOCKETS_PER_TURN sockets per turn of the event loop, in this order. */
  sendSpread(frames: Iterable<readonly [WebSocket, string]>) {
    for (const [ws, data] of frames) {
      const waiting = this.waiting.get(ws);
      if (waiting) waiting.push(data);
      else this.waiting.set(ws, [data]);
    }
    if (!this.draining) this.drainTurn();
  }

  private drainTurn() {
    let sockets = 0;
    for (const [ws, frames] of this.waiting) {
      if (sockets++ === SOCKETS_PER_TURN) break;
      this.waiting.delete(ws);
      for (const data of frames) sendNow(ws, data);
    }
    this.draining = this.waiting.size > 0;
    if (this.draining) setTimeout(() => this.drainTurn(), 0);
  }

  /** Closes a socket after sending it whatever waits for it. */
  close(ws: WebSocket, code: number, reason: string) {
    const waiting = this.waiting.get(ws);
    this.waiting.delete(ws);
    for (const data of waiting ?? []) sendNow(ws, data);
    try {
      ws.close(code, reason);
    } catch {
      // Already closing.
    }
  }

  /** Every open socket of the object (in a chat session's object: both members' tabs). */
  sendToAll(frame: ServerFrame) {
    const data = JSON.stringify(frame);
    for (const ws of this.all()) if (ws.readyState === WebSocket.OPEN) this.sendRaw(ws, data);
  }

  /**
   * The joined sockets of these members that hear their chats on the hub (they joined without asking for the
   * session sockets); a socket not joined yet hears what it missed from its `join`.
   */
  specSockets(userIds: number[]): WebSocket[] {
    return [...new Set(userIds)].flatMap((userId) =>
      this.open(userId).filter((ws) => {
        const attachment = this.attachmentOf(ws);
        return attachment?.presence !== undefined && !attachment.sessionSockets;
      }),
    );
  }

  sendToUser(userId: number, frame: ServerFrame) {
    this.sendToUsers([userId], frame);
  }

  sendToUsers(userIds: number[], frame: ServerFrame) {
    const data = JSON.stringify(frame);
    for (const userId of new Set(userIds)) for (const ws of this.open(userId)) this.sendRaw(ws, data);
  }
}

function sendNow(ws: WebSocket, data: string) {
  try {
    ws.send(data);
  } catch {
    // The socket closed meanwhile; its close handler tidies up.
  }
}
