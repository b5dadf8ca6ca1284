// The typed SDK for other developers (the package @spa-community/sdk): the tRPC client over the platform's router
// types, with a session kept for scripts that have no browser. Sign in with `client.trpc.account.login.mutate(...)`;
// the session token from the response is kept and sent as `Authorization: Bearer <token>` on later calls. Every
// call carries the app's Origin, which the server requires of state-changing requests. `chat.connect()` opens the
// chat hub's socket as the signed-in member, and `chat.connect(sessionId)` a chat session's own socket once the hub
// says the session started: messages and typing go over it, never over the hub's. The socket's frame types and
// schema come with it, and so do the `join` to send (presence as changes after one whole list) and
// `applyPresence`, which keeps the online list from the frames that follow.
import { createTRPCClient, type TRPCClient } from '@trpc/client';
import { appLinks } from '../../common/trpc-links.ts';
import type { AppRouter } from '../../worker/routers/index.ts';

export type { AppRouter };
export type { CurrentUser } from '../../common/account.ts';
import { chatSessionPath, type ClientFrame, type ServerFrame } from '../../common/chat-protocol.ts';

export type { ChatMessage, ClientFrame, OnlineUser, PresenceMode, ServerFrame } from '../../common/chat-protocol.ts';
export { applyPresence, buildRequestId } from '../../common/chat-protocol.ts';
export { clientFrame } from '../../common/chat-frames.ts';

export interface SdkOptions {
  /** Where the platform runs, e.g. https://spa.example.com or http://127.0.0.1:8787. */
  baseUrl: string;
  /** A session token from an earlier sign-in, to resume it. */
  sessionToken?: string;
  /** A fetch implementation (defaults to the global one). */
  fetch?: typeof fetch;
}

export interface SpaClient {
  trpc: TRPCClient<AppRouter>;
  /** The current session token, or null when signed out. */
  sessionToken(): string | null;
  /** The chat's sockets. */
  chat: {
    /**
     * Opens the hub's socket, or with a session id that chat session's own socket, as the signed-in member, and
     * resolves once it is open (rejects when the server refuses it). Under Node it sends the session's headers; a
     * browser sends its session cookie itself.
     */
    connect(sessionId?: string): Promise<WebSocket>;
    /** The hub's address, for a socket opened some other way (with `headers()`). */
    url: string;
    headers(): Record<string, string>;
    /**
     * The frame to send once the socket opens: the hub answers with the whole online list, then sends only who
     * came online and who left (`online-users-changed`); `applyPresence(users, frame)` keeps the list.
     */
    join: ClientFrame;
    /** A chat session's own socket, for its `send-message`, `typing-start` and `typing-stop` and their frames. */
    sessionUrl(sessionId: string): string;
  };
}

const SESSION_COOKIE = /^(?:__Host-)?session=([^;]*)/;

/** Node's WebSocket (undici's) takes headers in its second argument, where a browser's takes only protocols. */
type WebSocketWithHeaders = new (url: string, init: { headers: Record<string, string> }) => WebSocket;
const socketsTakeHeaders = typeof navigator !== 'undefined' && navigator.userAgent.startsWith('Node.js/');

export function createClient(options: SdkOptions): SpaClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  const doFetch = options.fetch ?? fetch;
  let token = options.sessionToken ?? null;

  const trpc = createTRPCClient<AppRouter>({
    links: appLinks<AppRouter>({
      url: `${base}/trpc`,
      async fetch(url, init) {
        const headers = new Headers(init?.headers);
        headers.set('Origin', origin);
        if (token) headers.set('Authorization', `Bearer ${token}`);
        const response = await doFetch(url, { ...init, headers } as RequestInit);
        for (const cookie of response.headers.getSetCookie()) {
          const match = SESSION_COOKIE.exec(cookie);
          if (match) token = match[1] || null;
        }
        return response;
      },
    }),
  });
  const wsBase = base.replace(/^http/, 'ws');
  const hubUrl = `${wsBase}/ws/chat`;
  const sessionUrl = (sessionId: string) => `${wsBase}${chatSessionPath(sessionId)}`;
  const headers = (): Record<string, string> => ({
    Origin: origin,
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  });
  const chat = {
    connect(sessionId?: string): Promise<WebSocket> {
      const url = sessionId === undefined ? hubUrl : sessionUrl(sessionId);
      const socket = socketsTakeHeaders
        ? new (WebSocket as unknown as WebSocketWithHeaders)(url, { headers: headers() })
        : new WebSocket(url);
      return new Promise((resolve, reject) => {
        socket.addEventListener('open', () => resolve(socket), { once: true });
        socket.addEventListener(
          'close',
          (event) => reject(new Error(`The chat socket at ${url} was refused (${event.code}).`)),
          { once: true },
        );
      });
    },
    url: hubUrl,
    sessionUrl,
    headers,
    join: { type: 'join', presence: 'delta', sessionSockets: true } satisfies ClientFrame,
  };
  return { trpc, sessionToken: () => token, chat };
}

/**
 * The next frame of one type that a chat socket hears (`await nextFrame(hub, 'joined')`), for scripts that take the
 * chat one step at a time. Ask for it before sending what it answers.
 */
export function nextFrame<T extends ServerFrame['type']>(
  socket: WebSocket,
  type: T,
): Promise<Extract<ServerFrame, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      const frame = JSON.parse(String(event.data)) as ServerFrame;
      if (frame.type !== type) return;
      stop();
      resolve(frame as Extract<ServerFrame, { type: T }>);
    };
    const onClose = (event: CloseEvent) => {
      stop();
      reject(new Error(`The chat socket closed (${event.code}) before a ${type} frame.`));
    };
    const stop = () => {
      socket.removeEventListener('message', onMessage);
      socket.removeEventListener('close', onClose);
    };
    socket.addEventListener('message', onMessage);
    socket.addEventListener('close', onClose);
  });
}
