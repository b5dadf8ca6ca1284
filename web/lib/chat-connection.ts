// The tab's connection to the chat (docs/architecture.md, "A chat frame"), started by the signed-in app
// (components/chat/chat-dock.tsx) and stopped at sign-out, so that chats and requests live with the app rather
// than with the chat screen. One socket goes to the hub (/ws/chat): it sends `join` on every open, asking for
// presence as changes and for the session sockets (the hub then replays the online list, pending requests and active sessions, ending with
// `joined`, see chat-state.ts). Each active chat has a socket of its own to its session's object
// (`chatSessionPath`), opened when the chat starts and closed when it ends, over which its messages and typing
// go (ADR 005). Every socket reconnects on its own with exponential backoff and jitter; a dropped connection
// keeps its chats for the hub's grace period. Before each reconnection the session is
// checked again: a signed-out member stops here (a socket closed with 4001, its session ended, is never
// reopened with it), and the screens, which read the same session query, show their signed-out state.
// Error frames and the notices of chat-notices.ts become toasts. Screens read the state with `useChat()`.
import { useSyncExternalStore } from 'react';
import { CHAT_COUNTDOWN_TICK_MS } from '../../common/limits.ts';
import {
  buildRequestId,
  chatSessionPath,
  CLOSE_SESSION_ENDED,
  REQUEST_LIMIT_TITLES,
  type ClientFrame,
  type ServerFrame,
} from '../../common/chat-protocol.ts';
import { toast } from '../components/ui/use-toast.ts';
import { noticeFor } from './chat-notices.ts';
import { needsTick } from './chat-selectors.ts';
import { chatReducer, initialChatState, type ChatAction, type ChatState, type PendingRequest } from './chat-state.ts';

const RECONNECT_BASE_MS = 500;
const RECONNECT_MAX_MS = 15_000;
/** A connection that lasted this long was healthy: the next failure starts the backoff from the beginning. */
const STABLE_CONNECTION_MS = 10_000;
/** The open chat survives a reload of the tab (session storage: this tab only, gone when it closes). */
const OPEN_SESSION_KEY = 'chat.openSessionId';

/** The wait before reconnection attempt `attempt` (0-based): doubling from 0.5 s to 15 s, the upper half jittered. */
function reconnectDelay(attempt: number): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return ceiling / 2 + (Math.random() * ceiling) / 2;
}

function socketUrl(path: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}

function parseFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const frame: unknown = JSON.parse(data);
    return frame && typeof frame === 'object' && typeof (frame as { type?: unknown }).type === 'string'
      ? (frame as ServerFrame)
      : null;
  } catch {
    return null;
  }
}

function toastErrorFrame(frame: Extract<ServerFrame, { type: 'error' }>) {
  const limitTitle = REQUEST_LIMIT_TITLES[frame.code];
  toast(
    limitTitle
      ? { variant: 'destructive', title: limitTitle, description: frame.message }
      : { title: 'Chat', description: frame.message },
  );
}

function storedOpenSession(): string | null {
  try {
    return sessionStorage.getItem(OPEN_SESSION_KEY);
  } catch {
    return null;
  }
}

function storeOpenSession(sessionId: string | null) {
  try {
    if (sessionId) sessionStorage.setItem(OPEN_SESSION_KEY, sessionId);
    else sessionStorage.removeItem(OPEN_SESSION_KEY);
  } catch {
    // Storage can be unavailable; the open chat is then simply not restored after a reload.
  }
}

// The store ----------------------------------------------------------------------------------------------

let state: ChatState = initialChatState();
let userId: number | null = null;
let socket: WebSocket | null = null;
let ticker: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

/** An active chat's own socket, kept open (and reopened) while the chat is in the state. */
interface SessionLink {
  socket: WebSocket | null;
  attempt: number;
  openedAt: number;
  timer?: ReturnType<typeof setTimeout>;
  /** Messages sent while the chat's socket was (re)connecting: they go, in order, as soon as it opens. */
  waiting: string[];
}
const sessionLinks = new Map<string, SessionLink>();

function dispatch(action: ChatAction) {
  const next = chatReducer(state, action);
  if (next === state) return;
  if (next.openSessionId !== state.openSessionId) storeOpenSession(next.openSessionId);
  const sessionsChanged = next.sessions !== state.sessions;
  state = next;
  if (sessionsChanged) syncSessionLinks();
  // The countdowns and typing indicators tick only while something on screen changes with time.
  if (needsTick(state) && ticker === undefined) {
    ticker = setInterval(() => dispatch({ type: 'tick', now: Date.now() }), CHAT_COUNTDOWN_TICK_MS);
  } else if (!needsTick(state) && ticker !== undefined) {
    clearInterval(ticker);
    ticker = undefined;
  }
  for (const listener of listeners) listener();
}

function receiveFrame(frame: ServerFrame) {
  if (frame.type === 'error') toastErrorFrame(frame);
  const before = state;
  dispatch({ type: 'frame', frame, now: Date.now() });
  const notice = noticeFor(before, state, frame);
  if (notice) toast(notice);
}

// Each chat's own socket ----------------------------------------------------------------------------------

/** Opens a socket for each chat in the state that has none, and closes those of chats no longer in it. */
function syncSessionLinks() {
  const active = new Set(state.sessions.map((session) => session.sessionId));
  for (const [sessionId, link] of sessionLinks) if (!active.has(sessionId)) closeSessionLink(sessionId, link);
  for (const sessionId of active) {
    if (sessionLinks.has(sessionId) || userId === null) continue;
    const link: SessionLink = { socket: null, attempt: 0, openedAt: 0, waiting: [] };
    sessionLinks.set(sessionId, link);
    openSessionLink(sessionId, link);
  }
}

function openSessionLink(sessionId: string, link: SessionLink) {
  const ws = new WebSocket(socketUrl(chatSessionPath(sessionId)));
  link.socket = ws;
  const current = () => sessionLinks.get(sessionId) === link && link.socket === ws;
  ws.onopen = () => {
    if (!current()) return;
    link.openedAt = Date.now();
    for (const frame of link.waiting.splice(0)) ws.send(frame);
    dispatch({ type: 'session-link', sessionId, open: true });
  };
  ws.onmessage = (event) => {
    const frame = parseFrame(event.data);
    if (frame && current()) receiveFrame(frame);
  };
  // A dropped network, a deploy or a refused upgrade: try again while the chat lasts (the hub says when it ends).
  ws.onclose = () => {
    if (!current()) return;
    link.socket = null;
    if (link.openedAt && Date.now() - link.openedAt >= STABLE_CONNECTION_MS) link.attempt = 0;
    link.openedAt = 0;
    dispatch({ type: 'session-link', sessionId, open: false });
    link.timer = setTimeout(() => {
      if (sessionLinks.get(sessionId) === link) openSessionLink(sessionId, link);
    }, reconnectDelay(link.attempt));
    link.attempt += 1;
  };
}

function closeSessionLink(sessionId: string, link: SessionLink) {
  sessionLinks.delete(sessionId);
  clearTimeout(link.timer);
  link.socket?.close(1000);
  link.socket = null;
}

/**
 * Sends a frame over a chat's own socket. While that socket is (re)connecting, a message waits for it (the member
 * pressed Send; the chat still lasts) and a typing signal is dropped. False when the chat has no socket at all.
 */
function sendToSession(sessionId: string, frame: ClientFrame): boolean {
  const link = sessionLinks.get(sessionId);
  if (!link) return false;
  if (link.socket?.readyState === WebSocket.OPEN) link.socket.send(JSON.stringify(frame));
  else if (frame.type === 'send-message') link.waiting.push(JSON.stringify(frame));
  else return false;
  return true;
}

export interface ChatConnectionOptions {
  userId: number;
  /** The signed-in member's id as the server sees it now (null when signed out); refreshes the session query. */
  checkSession: () => Promise<number | null>;
}

/** Opens the tab's chat connection for a member; returns the function that closes it and forgets the chat. */
export function startChatConnection(options: ChatConnectionOptions): () => void {
  let stopped = false;
  let attempt = 0;
  let openedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  userId = options.userId;
  dispatch({ type: 'open-session', sessionId: state.openSessionId ?? storedOpenSession() });

  const scheduleReconnect = () => {
    timer = setTimeout(() => void reconnect(), reconnectDelay(attempt));
    attempt += 1;
  };

  const reconnect = async () => {
    try {
      const current = await options.checkSession();
      // Signed out, or someone else signed in: the app re-renders from the session query and stops this
      // connection (or starts one for the other member).
      if (stopped || current !== options.userId) return;
    } catch {
      if (!stopped) scheduleReconnect();
      return;
    }
    connect();
  };

  const connect = () => {
    const ws = new WebSocket(socketUrl('/ws/chat'));
    socket = ws;
    ws.onopen = () => {
      openedAt = Date.now();
      dispatch({ type: 'connected', now: openedAt });
      // Presence as changes after the first whole list: a list of n members costs every change n entries.
      ws.send(
        JSON.stringify({
          type: 'join',
          userId: options.userId,
          presence: 'delta',
          sessionSockets: true,
        } satisfies ClientFrame),
      );
    };
    ws.onmessage = (event) => {
      const frame = parseFrame(event.data);
      if (frame && !stopped) receiveFrame(frame);
    };
    // A refused upgrade, a dropped network, a deploy or a policy close (1008) all end here: try again. A socket
    // closed because its session ended (4001) is followed at once by a session check, and only a valid session
    // (signed in again meanwhile) reconnects.
    ws.onclose = (event) => {
      if (stopped) return;
      socket = null;
      if (openedAt && Date.now() - openedAt >= STABLE_CONNECTION_MS) attempt = 0;
      openedAt = 0;
      dispatch({ type: 'disconnected' });
      if (event.code === CLOSE_SESSION_ENDED) void reconnect();
      else scheduleReconnect();
    };
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close(1000);
    socket = null;
    userId = null;
    for (const [sessionId, link] of sessionLinks) closeSessionLink(sessionId, link);
    storeOpenSession(null);
    clearInterval(ticker);
    ticker = undefined;
    state = initialChatState();
    for (const listener of listeners) listener();
  };
}

function sendToHub(frame: ClientFrame): boolean {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(frame));
  return true;
}

const actions = {
  requestChat: (recipientId: number) => {
    if (userId === null) return;
    const requestId = buildRequestId(userId, recipientId, Date.now());
    if (sendToHub({ type: 'chat-request', recipientId, requestId })) dispatch({ type: 'request-sending', recipientId });
  },
  cancelRequest: (requestId: string) => {
    if (sendToHub({ type: 'cancel-chat-request', requestId })) dispatch({ type: 'request-closed', requestId });
  },
  /** Accepts a request; false when the socket is not open. The chat it starts opens on the chat screen. */
  acceptRequest: ({ requestId, memberId }: PendingRequest): boolean => {
    if (!sendToHub({ type: 'accept-chat-request', requestId })) return false;
    dispatch({ type: 'request-accepting', requestId, memberId });
    return true;
  },
  rejectRequest: ({ requestId, memberId }: PendingRequest) => {
    if (sendToHub({ type: 'reject-chat-request', requestId, requesterId: memberId }))
      dispatch({ type: 'request-closed', requestId });
  },
  /** Sends a message (trimmed by the caller) over the chat's own socket; false when it is not open. */
  sendMessage: (sessionId: string, content: string) =>
    sendToSession(sessionId, { type: 'send-message', sessionId, content }),
  setTyping: (sessionId: string, typing: boolean) => {
    sendToSession(sessionId, { type: typing ? 'typing-start' : 'typing-stop', sessionId });
  },
  endSession: (sessionId: string) => {
    if (sendToHub({ type: 'end-chat-session', sessionId })) dispatch({ type: 'session-closed', sessionId });
  },
  /** Drops a session the server has ended on another path (a block, a report) without waiting for its frame. */
  forgetSession: (sessionId: string) => dispatch({ type: 'session-closed', sessionId }),
  openSession: (sessionId: string | null) => dispatch({ type: 'open-session', sessionId }),
  /** The chat screen tells when it shows (then the open chat's messages count as read). */
  setOnChatScreen: (showing: boolean) => dispatch({ type: 'chat-screen', showing }),
  dismissEnded: () => dispatch({ type: 'dismiss-ended' }),
};

export type ChatActions = typeof actions;
export interface ChatSocket extends ChatActions {
  state: ChatState;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

/** The chat's state and actions, for any screen of the signed-in app. */
export function useChat(): ChatSocket {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { state: current, ...actions };
}
