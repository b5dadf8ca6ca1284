// Chat test clients: real WebSockets opened through the Worker's /ws/chat (session cookie and Origin checked
// there), as the members of members.ts.
import { env, exports } from 'cloudflare:workers';
import { applyPresence, type ClientFrame, type OnlineUser, type PresenceMode, type ServerFrame } from '../../common/chat-protocol.ts';
import { BASE, ORIGIN } from './helpers.ts';
import type { TestMember } from './members.ts';

/** Who a socket is opened for: any member with a session. */
export type ChatMember = Pick<TestMember, 'id' | 'name' | 'cookie'>;

/** The upgrade request the Worker sees; returns the HTTP response (status 101 with a socket when accepted). */
export function upgrade(options: { cookie?: string | null; origin?: string | null; upgradeHeader?: string | null } = {}) {
  const headers = new Headers();
  if (options.upgradeHeader !== null) headers.set('Upgrade', options.upgradeHeader ?? 'websocket');
  if (options.origin !== null) headers.set('Origin', options.origin ?? ORIGIN);
  if (options.cookie) headers.set('Cookie', options.cookie);
  return exports.default.fetch(new Request(`${BASE}/ws/chat`, { headers }));
}

type FrameOf<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

export class ChatClient {
  /** Every frame received, in order. */
  readonly received: ServerFrame[] = [];
  /** The online list as the frames received so far make it (whole lists and changes applied in order). */
  users: OnlineUser[] = [];
  private unread: ServerFrame[] = [];
  private listeners = new Set<() => void>();
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly member: ChatMember;
  private readonly socket: WebSocket;

  private constructor(member: ChatMember, socket: WebSocket) {
    this.member = member;
    this.socket = socket;
    this.closed = new Promise((resolve) => socket.addEventListener('close', (event) => resolve({ code: event.code, reason: event.reason })));
    socket.addEventListener('message', (event) => {
      const frame = JSON.parse(event.data as string) as ServerFrame;
      this.received.push(frame);
      this.users = applyPresence(this.users, frame);
      this.unread.push(frame);
      for (const listener of this.listeners) listener();
    });
  }

  /** Opens a socket and, unless `join` is false, joins (asking for presence as `presence` says) and waits for the list. */
  static async connect(member: ChatMember, options: { join?: boolean; presence?: PresenceMode } = {}): Promise<ChatClient> {
    const response = await upgrade({ cookie: member.cookie });
    if (response.status !== 101 || !response.webSocket) throw new Error(`upgrade refused: ${response.status}`);
    response.webSocket.accept();
    const client = new ChatClient(member, response.webSocket);
    if (options.join !== false) {
      client.send({ type: 'join', userId: member.id, ...(options.presence ? { presence: options.presence } : {}) });
      await client.next('online-users-updated');
    }
    return client;
  }

  send(frame: ClientFrame | string | ArrayBuffer) {
    this.socket.send(typeof frame === 'string' || frame instanceof ArrayBuffer ? frame : JSON.stringify(frame));
  }

  /** The first unread frame of this type (and matching the predicate), waiting for it if need be. */
  next<T extends ServerFrame['type']>(type: T, matches: (frame: FrameOf<T>) => boolean = () => true, timeoutMs = 5000): Promise<FrameOf<T>> {
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
        reject(new Error(`${this.member.name} waited for ${type}; unread: ${JSON.stringify(this.unread.map((f) => f.type))}`));
      }, timeoutMs);
      if (!look()) this.listeners.add(look);
    });
  }

  /**
   * Waits until the hub has handled everything sent to it so far: the hub answers frames in order, so once
   * the error for ending a session that does not exist arrives, every frame the hub sent before it is here.
   */
  async barrier(): Promise<void> {
    const marker = `barrier-${crypto.randomUUID()}`;
    this.send({ type: 'end-chat-session', sessionId: marker });
    await this.next('error', (frame) => frame.code === 'session_not_found');
  }

  /** Unread frames of a type, consumed. */
  drain<T extends ServerFrame['type']>(type: T): FrameOf<T>[] {
    const frames = this.unread.filter((frame) => frame.type === type) as FrameOf<T>[];
    this.unread = this.unread.filter((frame) => frame.type !== type);
    return frames;
  }

  close(code = 1000) {
    try {
      this.socket.close(code, 'done');
    } catch {
      // Already closed.
    }
  }
}

export function hubStub() {
  const namespace = (env as unknown as { CHAT_HUB: DurableObjectNamespace }).CHAT_HUB;
  return namespace.get(namespace.idFromName('global'));
}

export function requestIdFor(from: { id: number }, to: { id: number }, timestamp = Date.now()) {
  return `${from.id}-${to.id}-${timestamp}`;
}
