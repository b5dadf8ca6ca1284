// The chat screen's connection to the hub (/ws/chat, ARCHITECTURE section 7): one WebSocket while a member is
// signed in, `join` on every open (the hub then replays presence, pending requests and active sessions, so the
// state in chat-state.ts is rebuilt from scratch), and automatic reconnection with exponential backoff and
// jitter. Before each reconnection the session is checked again: a signed-out member stops here, and the
// screen, which reads the same session query, shows its signed-out state. Error frames become toasts.
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { CHAT_COUNTDOWN_TICK_MS } from '../../common/limits.ts';
import { buildRequestId, REQUEST_LIMIT_TITLES, type ClientFrame, type ServerFrame } from '../../durable-objects/protocol.ts';
import { toast } from '../components/ui/use-toast.ts';
import { trpc } from '../trpc.ts';
import { chatReducer, initialChatState, needsTick, type ChatState, type PendingRequest } from './chat-state.ts';
import { SESSION_QUERY_OPTIONS } from './session.ts';

const RECONNECT_BASE_MS = 500;
const RECONNECT_MAX_MS = 15_000;
/** A connection that lasted this long was healthy: the next failure starts the backoff from the beginning. */
const STABLE_CONNECTION_MS = 10_000;

/** The wait before reconnection attempt `attempt` (0-based): doubling from 0.5 s to 15 s, the upper half jittered. */
function reconnectDelay(attempt: number): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return ceiling / 2 + (Math.random() * ceiling) / 2;
}

function chatSocketUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/chat`;
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

function showError(frame: Extract<ServerFrame, { type: 'error' }>) {
  const limitTitle = REQUEST_LIMIT_TITLES[frame.code];
  toast(
    limitTitle
      ? { variant: 'destructive', title: limitTitle, description: frame.message }
      : { title: 'Chat', description: frame.message },
  );
}

export interface ChatSocket {
  state: ChatState;
  requestChat: (recipientId: number) => void;
  cancelRequest: (requestId: string) => void;
  acceptRequest: (requestId: string) => void;
  rejectRequest: (request: PendingRequest) => void;
  /** Sends a message (trimmed by the caller); false when the socket is not open. */
  sendMessage: (sessionId: string, content: string) => boolean;
  setTyping: (sessionId: string, typing: boolean) => void;
  endSession: (sessionId: string) => void;
  /** Drops a session the server has ended on another path (a block) without waiting for its frame. */
  forgetSession: (sessionId: string) => void;
  openSession: (sessionId: string | null) => void;
  dismissEnded: () => void;
}

export function useChatSocket(userId: number): ChatSocket {
  const utils = trpc.useUtils();
  const [state, dispatch] = useReducer(chatReducer, undefined, () => initialChatState());
  const socketRef = useRef<WebSocket | null>(null);

  useEffect(() => {
    let stopped = false;
    let attempt = 0;
    let openedAt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const scheduleReconnect = () => {
      timer = setTimeout(() => void reconnect(), reconnectDelay(attempt));
      attempt += 1;
    };

    const reconnect = async () => {
      try {
        const me = await utils.account.me.fetch(undefined, SESSION_QUERY_OPTIONS);
        // Signed out, or someone else signed in: the screen re-renders from the session query and this effect
        // is torn down (or restarted for the other member).
        if (stopped || !me || me.id !== userId) return;
      } catch {
        if (!stopped) scheduleReconnect();
        return;
      }
      connect();
    };

    const connect = () => {
      const socket = new WebSocket(chatSocketUrl());
      socketRef.current = socket;
      socket.onopen = () => {
        openedAt = Date.now();
        dispatch({ type: 'connected', now: openedAt });
        socket.send(JSON.stringify({ type: 'join', userId } satisfies ClientFrame));
      };
      socket.onmessage = (event) => {
        const frame = parseFrame(event.data);
        if (!frame) return;
        if (frame.type === 'error') showError(frame);
        dispatch({ type: 'frame', frame, now: Date.now() });
      };
      // A refused upgrade, a dropped network, a deploy or a policy close (1008) all end here: try again.
      socket.onclose = () => {
        if (stopped) return;
        socketRef.current = null;
        if (openedAt && Date.now() - openedAt >= STABLE_CONNECTION_MS) attempt = 0;
        openedAt = 0;
        dispatch({ type: 'disconnected' });
        scheduleReconnect();
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socketRef.current?.close(1000);
      socketRef.current = null;
    };
  }, [userId, utils]);

  const ticking = needsTick(state);
  useEffect(() => {
    if (!ticking) return;
    const interval = setInterval(() => dispatch({ type: 'tick', now: Date.now() }), CHAT_COUNTDOWN_TICK_MS);
    return () => clearInterval(interval);
  }, [ticking]);

  const actions = useMemo(() => {
    const send = (frame: ClientFrame): boolean => {
      const socket = socketRef.current;
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(frame));
      return true;
    };
    return {
      requestChat: (recipientId: number) => {
        const requestId = buildRequestId(userId, recipientId, Date.now());
        if (send({ type: 'chat-request', recipientId, requestId })) dispatch({ type: 'request-sending', recipientId });
      },
      cancelRequest: (requestId: string) => {
        if (send({ type: 'cancel-chat-request', requestId })) dispatch({ type: 'request-closed', requestId });
      },
      acceptRequest: (requestId: string) => {
        if (send({ type: 'accept-chat-request', requestId })) dispatch({ type: 'request-closed', requestId });
      },
      rejectRequest: ({ requestId, memberId }: PendingRequest) => {
        if (send({ type: 'reject-chat-request', requestId, requesterId: memberId })) {
          dispatch({ type: 'request-closed', requestId });
        }
      },
      sendMessage: (sessionId: string, content: string) => send({ type: 'send-message', sessionId, content }),
      setTyping: (sessionId: string, typing: boolean) => {
        send({ type: typing ? 'typing-start' : 'typing-stop', sessionId });
      },
      endSession: (sessionId: string) => {
        if (send({ type: 'end-chat-session', sessionId })) dispatch({ type: 'session-closed', sessionId });
      },
      forgetSession: (sessionId: string) => dispatch({ type: 'session-closed', sessionId }),
      openSession: (sessionId: string | null) => dispatch({ type: 'open-session', sessionId }),
      dismissEnded: () => dispatch({ type: 'dismiss-ended' }),
    };
  }, [userId]);

  return { state, ...actions };
}
