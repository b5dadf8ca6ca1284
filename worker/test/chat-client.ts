// Chat test clients: real WebSockets opened through the Worker's /ws/chat (session cookie and Origin checked
// there), as the members of members.ts. Like the web app, a client joins asking for the session sockets, opens
// each of its chat sessions' own socket (/ws/chat/session/{id}) when the hub says the session started, sends
// messages and typing there, and hears every socket's frames as one stream. A client made with `spec: true`
// speaks the spec's protocol instead: everything over /ws/chat, no socket of a session's own.
import { env, exports } from 'cloudflare:workers';
import {
  applyPresence,
  chatSessionPath,
  type ClientFrame,
  type OnlineUser,
  type PresenceMode,
  type ServerFrame,
} from '../../common/chat-protocol.ts';
import { CHAT_HUB_NAME } from '../../durable-objects/chat-hub.ts';
import { BASE } from './helpers.ts';
import type { TestMember } from './members.ts';

/** Who a socket is opened for: any member with a session. */
export type ChatMember = Pick<TestMember, 'id' | 'name' | 'cookie'>;

/** The upgrade request the Worker sees; returns the HTTP response (status 101 with a socket when accepted). */
export function upgrade(
  options: { cookie?: string | null; origin?: string | null; upgradeHeader?: string | null; path?: string } = {},
) {
  const headers = new Headers();
  if (options.upgradeHeader !== null) headers.set('Upgrade', options.upgradeHeader ?? 'websocket');
  if (options.origin !== null) headers.set('Origin', options.origin ?? BASE);
  if (options.cookie) headers.set('Cookie', options.cookie);
  return exports.default.fetch(new Request(`${BASE}${options.path ?? '/ws/chat'}`, { headers }));
}

/** The upgrade to a chat session's own socket. */
export function sessionUpgrade(sessionId: string, options: Omit<Parameters<typeof upgrade>[0], 'path'> = {}) {
  return upgrade({ ...options, path: chatSessionPath(sessionId) });
}

type FrameOf<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

/** The frames that go over a session's own socket. */
const SESSION_FRAMES = new Set<string>(['send-message', 'typing-start', 'typing-stop']);

function closeQuietly(socket: WebSocket, code: number) {
  try {
    socket.close(code, 'done');
  } catch {
    // Already closed.
  }
}

export class ChatClient {
  /** Every frame received, in order. */
  readonly received: ServerFrame[] = [];
  /** The online list as the frames received so far make it (whole lists and changes applied in order). */
  users: OnlineUser[] = [];
  private unread: ServerFrame[] = [];
  private listeners = new Set<() => void>();
  /** The hub socket's close. */
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly member: ChatMember;
  private readonly socket: WebSocket;
  /** Each chat session's own socket by session id (null: refused); removed when it closes. */
  private readonly sessionSockets = new Map<string, Promise<WebSocket | null>>();
  /** How each session socket closed, by session id. */
  readonly sessionCloses = new Map<string, { code: number; reason: string }>();
  private stopped = false;
  /** Whether this client opens each session's own socket (the web app's way) or keeps to the hub (the spec's). */
  private readonly opensSessionSockets: boolean;

  private constructor(member: ChatMember, socket: WebSocket, opensSessionSockets: boolean) {
    this.member = member;
    this.socket = socket;
    this.opensSessionSockets = opensSessionSockets;
    this.closed = new Promise((resolve) =>
      socket.addEventListener('close', (event) => resolve({ code: event.code, reason: event.reason })),
    );
    this.listen(socket);
  }

  /**
   * Opens a socket and, unless `join` is false, joins (asking for presence as `presence` says, and for the session
   * sockets unless `spec`) and waits for the list.
   */
  static async connect(
    member: ChatMember,
    options: { join?: boolean; presence?: PresenceMode; spec?: boolean } = {},
  ): Promise<ChatClient> {
    const response = await upgrade({ cookie: member.cookie });
    if (response.status !== 101 || !response.webSocket) throw new Error(`upgrade refused: ${response.status}`);
    response.webSocket.accept();
    const client = new ChatClient(member, response.webSocket, !options.spec);
    if (options.join !== false) {
      client.send({
        type: 'join',
        userId: member.id,
        ...(options.presence ? { presence: options.presence } : {}),
        ...(options.spec ? {} : { sessionSockets: true }),
      });
      await client.next('online-users-updated');
    }
    return client;
  }

  private listen(socket: WebSocket) {
    socket.addEventListener('message', (event) => {
      const frame = JSON.parse(event.data as string) as ServerFrame;
      this.received.push(frame);
      this.users = applyPresence(this.users, frame);
      this.unread.push(frame);
      if (
        frame.type === 'chat-session-started' &&
        this.opensSessionSockets &&
        !this.sessionSockets.has(frame.sessionId) &&
        !this.stopped
      )
        this.sessionSockets.set(frame.sessionId, this.openSession(frame.sessionId));
      // An ended chat's socket is done with at once (its object closes it too).
      if (frame.type === 'chat-session-ended') this.dropSession(frame.sessionId);
      this.wake();
    });
  }

  private wake() {
    for (const listener of this.listeners) listener();
  }

  /** Closes this client's socket to a session (the hub's socket stays). */
  dropSession(sessionId: string) {
    const session = this.sessionSockets.get(sessionId);
    this.sessionSockets.delete(sessionId);
    void session?.then((socket) => socket && closeQuietly(socket, 1000));
  }

  private async openSession(sessionId: string): Promise<WebSocket | null> {
    const response = await sessionUpgrade(sessionId, { cookie: this.member.cookie });
    if (response.status !== 101 || !response.webSocket) return null;
    const socket = response.webSocket;
    socket.accept();
    socket.addEventListener('close', (event) => {
      this.sessionCloses.set(sessionId, { code: event.code, reason: event.reason });
      const current = this.sessionSockets.get(sessionId);
      void current?.then(
        (open) =>
          open === socket && this.sessionSockets.get(sessionId) === current && this.sessionSockets.delete(sessionId),
      );
      this.wake();
    });
    this.listen(socket);
    if (this.stopped) closeQuietly(socket, 1000);
    return socket;
  }

  /** Waits until this client has heard that the session started and its socket to the session is open (a spec client has none). */
  async sessionReady(sessionId: string): Promise<void> {
    if (!this.opensSessionSockets) return;
    await new Promise<void>((resolve, reject) => {
      const look = () => {
        if (!this.sessionSockets.has(sessionId)) return false;
        this.listeners.delete(look);
        clearTimeout(timer);
        resolve();
        return true;
      };
      const timer = setTimeout(() => {
        this.listeners.delete(look);
        reject(new Error(`${this.member.name} never heard that session ${sessionId} started`));
      }, 5000);
      if (!look()) this.listeners.add(look);
    });
    if (!(await this.sessionSockets.get(sessionId)))
      throw new Error(`${this.member.name} could not open the socket of session ${sessionId}`);
  }

  /** Sends a frame: messages and typing over their session's socket when this client has one, the rest to the hub. */
  send(frame: ClientFrame | string | ArrayBuffer) {
    if (typeof frame === 'string' || frame instanceof ArrayBuffer) return this.socket.send(frame);
    const session =
      'sessionId' in frame && SESSION_FRAMES.has(frame.type) ? this.sessionSockets.get(frame.sessionId) : undefined;
    if (!session) return this.socket.send(JSON.stringify(frame));
    // Frames queue behind the socket's opening, in the order they were sent.
    void session.then((socket) => (socket ?? this.socket).send(JSON.stringify(frame)));
  }

  /** Sends a frame to the hub's socket, wherever it belongs. */
  sendToHub(frame: ClientFrame) {
    this.socket.send(JSON.stringify(frame));
  }

  /** The first unread frame of this type (and matching the predicate), waiting for it if need be. */
  next<T extends ServerFrame['type']>(
    type: T,
    matches: (frame: FrameOf<T>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<FrameOf<T>> {
    return new Promise((resolve, reject) => {
      const look = () => {
        const index = this.unread.findIndex((frame) => frame.type === type && matches(frame as FrameOf<T>));
        if (index === -1) return false;
        const [frame] = this.unread.splice(index, 1);
        this.listeners.delete(look);
        clearTimeout(timer);
        resolve(frame as FrameOf<T>);
        return true;
      };
      const timer = setTimeout(() => {
        this.listeners.delete(look);
        reject(
          new Error(
            `${this.member.name} waited for ${type}; unread: ${JSON.stringify(this.unread.map((f) => f.type))}`,
          ),
        );
      }, timeoutMs);
      if (!look()) this.listeners.add(look);
    });
  }

  /**
   * Waits until the hub and each open session object have handled everything sent to them so far: each answers
   * frames in order, so once the error for a session that does not exist has come from each, every frame they
   * sent before it is here.
   */
  async barrier(): Promise<void> {
    const marker = `barrier-${crypto.randomUUID()}`;
    const sessions = (await Promise.all(this.sessionSockets.values())).filter(
      (socket) => socket?.readyState === WebSocket.OPEN,
    );
    this.socket.send(JSON.stringify({ type: 'end-chat-session', sessionId: marker } satisfies ClientFrame));
    for (const socket of sessions)
      socket!.send(JSON.stringify({ type: 'typing-stop', sessionId: marker } satisfies ClientFrame));
    for (let answers = 0; answers <= sessions.length; answers++)
      await this.next('error', (frame) => frame.code === 'session_not_found');
  }

  /** Unread frames of a type, consumed. */
  drain<T extends ServerFrame['type']>(type: T): FrameOf<T>[] {
    const frames = this.unread.filter((frame) => frame.type === type) as FrameOf<T>[];
    this.unread = this.unread.filter((frame) => frame.type !== type);
    return frames;
  }

  /** Closes the hub socket and every session socket, as a tab closing does. */
  close(code = 1000) {
    this.stopped = true;
    closeQuietly(this.socket, code);
    for (const session of this.sessionSockets.values())
      void session.then((socket) => socket && closeQuietly(socket, code));
  }
}

export function hubStub() {
  const namespace = env.CHAT_HUB;
  return namespace.get(namespace.idFromName(CHAT_HUB_NAME));
}

/** A chat session's own object. */
export function sessionStub(sessionId: string) {
  const namespace = env.CHAT_SESSION;
  return namespace.get(namespace.idFromName(sessionId));
}

export function requestIdFor(from: { id: number }, to: { id: number }, timestamp = Date.now()) {
  return `${from.id}-${to.id}-${timestamp}`;
}
