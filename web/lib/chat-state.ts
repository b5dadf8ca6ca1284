// The chat screen's state as a pure reducer over the hub's frames (durable-objects/protocol.ts), so the socket
// hook only moves frames and the screen only renders. The server is the source of truth: on every (re)connect
// the state is emptied and rebuilt from the frames the hub replays after `join`. The hub relays messages and never
// stores them, so a session's messages survive a reconnect only here, and only if the hub replays that session
// (it ends a member's sessions once their last socket closes, so that takes another tab holding it open).
// Times are passed in with each action (`now`) so the reducer stays pure.
import type { Role } from '../../common/roles.ts';
import type { ChatMessage, OnlineUser, ServerFrame } from '../../durable-objects/protocol.ts';

/** How long a partner's typing indicator shows without a refresh (the sender refreshes it every few seconds). */
const TYPING_INDICATOR_MAX_MS = 6000;

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting';

/** A pending request, seen from either side: `memberId` is the other member. */
export interface PendingRequest {
  requestId: string;
  memberId: number;
  memberName: string;
  /** Local time (ms) at which the request expires. */
  deadline: number;
}

export interface ChatSessionState {
  sessionId: string;
  participantId: number;
  participantName: string;
  /** The partner's role as the online list knew it when the session started (null if they were not listed). */
  participantRole: Role | null;
  messages: ChatMessage[];
  /** Local time until which "typing reply..." shows; null when the partner is not typing. */
  partnerTypingUntil: number | null;
}

export interface ChatState {
  status: ConnectionStatus;
  now: number;
  users: OnlineUser[];
  outgoing: PendingRequest[];
  incoming: PendingRequest[];
  /** Members a chat request was just sent to, waiting for the hub's acknowledgement. */
  sendingTo: number[];
  sessions: ChatSessionState[];
  /** The session on screen; null (or an ended session) shows the member list. */
  openSessionId: string | null;
  /** Messages of the sessions known before the last reconnect, restored if the hub replays the session. */
  carriedMessages: Record<string, ChatMessage[]>;
  /** The partner of the chat that ended last, for the "chat ended" notice. */
  endedWith: string | null;
}

export type ChatAction =
  | { type: 'connected'; now: number }
  | { type: 'disconnected' }
  | { type: 'frame'; frame: ServerFrame; now: number }
  | { type: 'tick'; now: number }
  | { type: 'request-sending'; recipientId: number }
  /** A request this side answered or withdrew: it leaves the screen at once (a failure comes as an error frame). */
  | { type: 'request-closed'; requestId: string }
  /** A session this side ended (END CHAT, block): removed at once; the hub's own frame then finds nothing. */
  | { type: 'session-closed'; sessionId: string }
  | { type: 'open-session'; sessionId: string | null }
  | { type: 'dismiss-ended' };

export function initialChatState(now = Date.now()): ChatState {
  return {
    status: 'connecting',
    now,
    users: [],
    outgoing: [],
    incoming: [],
    sendingTo: [],
    sessions: [],
    openSessionId: null,
    carriedMessages: {},
    endedWith: null,
  };
}

/** Whole seconds left before a request expires, as its countdown shows them. */
export function secondsLeft(request: PendingRequest, now: number): number {
  return Math.max(0, Math.ceil((request.deadline - now) / 1000));
}

/** Whether anything on screen changes with time (countdowns, typing indicators): the tick runs only then. */
export function needsTick(state: ChatState): boolean {
  return (
    state.outgoing.length > 0 ||
    state.incoming.length > 0 ||
    state.sessions.some((session) => session.partnerTypingUntil !== null)
  );
}

function withoutRequest(state: ChatState, requestId: string): ChatState {
  return {
    ...state,
    outgoing: state.outgoing.filter((request) => request.requestId !== requestId),
    incoming: state.incoming.filter((request) => request.requestId !== requestId),
  };
}

function withoutSession(state: ChatState, sessionId: string): ChatState {
  const ended = state.sessions.find((session) => session.sessionId === sessionId);
  if (!ended) return state;
  return {
    ...state,
    sessions: state.sessions.filter((session) => session.sessionId !== sessionId),
    openSessionId: state.openSessionId === sessionId ? null : state.openSessionId,
    endedWith: ended.participantName,
  };
}

function updateSession(state: ChatState, sessionId: string, update: (session: ChatSessionState) => ChatSessionState): ChatState {
  if (!state.sessions.some((session) => session.sessionId === sessionId)) return state;
  return {
    ...state,
    sessions: state.sessions.map((session) => (session.sessionId === sessionId ? update(session) : session)),
  };
}

function applyFrame(state: ChatState, frame: ServerFrame, now: number): ChatState {
  switch (frame.type) {
    case 'online-users-updated':
      return { ...state, users: frame.users };
    case 'chat-request-sent': {
      const request = {
        requestId: frame.requestId,
        memberId: frame.recipientId,
        memberName: frame.recipientName,
        deadline: now + frame.remainingTime * 1000,
      };
      return {
        ...state,
        sendingTo: state.sendingTo.filter((id) => id !== frame.recipientId),
        outgoing: [...state.outgoing.filter((known) => known.requestId !== frame.requestId), request],
      };
    }
    case 'incoming-chat-request': {
      const request = {
        requestId: frame.requestId,
        memberId: frame.requesterId,
        memberName: frame.requesterName,
        deadline: now + frame.remainingTime * 1000,
      };
      return { ...state, incoming: [...state.incoming.filter((known) => known.requestId !== frame.requestId), request] };
    }
    case 'chat-request-accepted':
    case 'chat-request-rejected':
    case 'chat-request-cancelled':
    case 'chat-request-expired':
      return withoutRequest(state, frame.requestId);
    case 'chat-session-started': {
      const replayed = frame.sessionId in state.carriedMessages;
      const { [frame.sessionId]: carried = [], ...carriedMessages } = state.carriedMessages;
      const known = state.sessions.some((session) => session.sessionId === frame.sessionId);
      const session: ChatSessionState = {
        sessionId: frame.sessionId,
        participantId: frame.participantId,
        participantName: frame.participantName,
        participantRole: state.users.find((user) => user.id === frame.participantId)?.role ?? null,
        messages: carried,
        partnerTypingUntil: null,
      };
      return {
        ...state,
        carriedMessages,
        // Requests between the two are settled once they chat.
        outgoing: state.outgoing.filter((request) => request.memberId !== frame.participantId),
        incoming: state.incoming.filter((request) => request.memberId !== frame.participantId),
        sessions: known ? state.sessions : [...state.sessions, session],
        // A new chat opens; a replayed one (after a reconnect) leaves the screen as it was.
        openSessionId: replayed || known ? state.openSessionId : frame.sessionId,
        endedWith: null,
      };
    }
    case 'new-message': {
      const { message } = frame;
      return updateSession(state, message.sessionId, (session) =>
        session.messages.some((known) => known.id === message.id)
          ? session
          : {
              ...session,
              messages: [...session.messages, message],
              partnerTypingUntil: message.senderId === session.participantId ? null : session.partnerTypingUntil,
            },
      );
    }
    case 'chat-session-ended':
      return withoutSession(state, frame.sessionId);
    case 'typing-start':
    case 'typing-stop':
      return updateSession(state, frame.sessionId, (session) =>
        session.participantId === frame.userId
          ? { ...session, partnerTypingUntil: frame.type === 'typing-start' ? now + TYPING_INDICATOR_MAX_MS : null }
          : session,
      );
    case 'error':
      // The error frame does not say which request failed; none of the unacknowledged ones will be.
      return { ...state, sendingTo: [] };
  }
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'connected': {
      const carriedMessages: Record<string, ChatMessage[]> = {};
      for (const session of state.sessions) carriedMessages[session.sessionId] = session.messages;
      // The hub ends a member's sessions when their last socket closes: unless it replays the open chat (which
      // clears this), the member learns here that it ended while they were away.
      const open = state.sessions.find((session) => session.sessionId === state.openSessionId);
      return {
        ...initialChatState(action.now),
        status: 'open',
        carriedMessages,
        openSessionId: state.openSessionId,
        endedWith: open?.participantName ?? state.endedWith,
      };
    }
    case 'disconnected':
      return state.status === 'reconnecting' ? state : { ...state, status: 'reconnecting', sendingTo: [] };
    case 'frame':
      return applyFrame({ ...state, now: action.now }, action.frame, action.now);
    case 'tick': {
      const { now } = action;
      const live = (request: PendingRequest) => request.deadline > now;
      return {
        ...state,
        now,
        outgoing: state.outgoing.filter(live),
        incoming: state.incoming.filter(live),
        sessions: state.sessions.map((session) =>
          session.partnerTypingUntil !== null && session.partnerTypingUntil <= now
            ? { ...session, partnerTypingUntil: null }
            : session,
        ),
      };
    }
    case 'request-sending':
      return { ...state, sendingTo: [...state.sendingTo, action.recipientId] };
    case 'request-closed':
      return withoutRequest(state, action.requestId);
    case 'session-closed':
      return withoutSession(state, action.sessionId);
    case 'open-session':
      return { ...state, openSessionId: action.sessionId, endedWith: null };
    case 'dismiss-ended':
      return { ...state, endedWith: null };
  }
}
