// The typed SDK for other developers: the tRPC client over the platform's router types, with a session kept
// for scripts that have no browser. Sign in with `client.trpc.account.login.mutate(...)`; the session token
// from the response is kept and sent as `Authorization: Bearer <token>` on later calls. Every call carries the
// app's Origin, which the server requires of state-changing requests. The chat socket's address and headers
// come with it, and so do the socket's frame types and schema, the `join` to send (presence as changes after
// one whole list) and `applyPresence`, which keeps the online list from the frames that follow. Each chat session
// has a socket of its own (`chat.sessionUrl`), opened with the same headers once the hub says the session
// started: messages and typing go over it, never over the hub's.
import { createTRPCClient, type TRPCClient } from '@trpc/client';
import { appLinks } from '../common/trpc-links.ts';
import type { AppRouter } from '../worker/routers/index.ts';

export type { AppRouter };
export type { CurrentUser } from '../common/account.ts';
import { chatSessionPath, type ClientFrame } from '../common/chat-protocol.ts';

export type { ChatMessage, ClientFrame, OnlineUser, PresenceMode, ServerFrame } from '../common/chat-protocol.ts';
export { applyPresence, buildRequestId } from '../common/chat-protocol.ts';
export { clientFrame } from '../common/chat-frames.ts';

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
  /**
   * The chat socket: in Node 22+, `new WebSocket(chat.url, { headers: chat.headers() })` (undici accepts
   * headers); browsers send the session cookie themselves.
   */
  chat: {
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
  const chat = {
    url: `${wsBase}/ws/chat`,
    sessionUrl: (sessionId: string) => `${wsBase}${chatSessionPath(sessionId)}`,
    headers: (): Record<string, string> => ({ Origin: origin, ...(token ? { Authorization: `Bearer ${token}` } : {}) }),
    join: { type: 'join', presence: 'delta', sessionSockets: true } satisfies ClientFrame,
  };
  return { trpc, sessionToken: () => token, chat };
}
