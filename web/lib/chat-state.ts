// The chat's state as a pure reducer over the hub's frames (common/chat-protocol.ts), so the connection
// (chat-connection.ts) only moves frames and the screens only render. It lives as long as the signed-in app,
// not the chat screen: leaving /chat and coming back finds the same conversations, and the unread count of
// each chat grows while it is not on screen. The server is the source of truth: after every (re)connect the
// hub replays presence (the whole list, then changes), pending requests and active sessions, and ends with
// `joined`; whatever this side held and did not hear again then has ended. Each session's messages come from
// its own object over its own socket, which replays the messages it still holds in memory when it opens; they
// are never stored, so the conversation survives only as long as that object holds them (or this side does).
// Times are passed in with each action (`now`) so the reducer stays pure. What the screens read off the state is
// in chat-selectors.ts; which toast a frame deserves, in chat-notices.ts.
import type { Role } from '../../common/roles.ts';
import {
  applyPresence,
  type ChatMessage,
  type OnlineUser,
  type ServerFrame,
  type SessionEndReason,
} from '../../common/chat-protocol.ts';
import { sessionOnScreen } from './chat-selectors.ts';

/** How long a partner's typing indicator shows without a refresh (the sender refreshes it every few seconds). */
const TYPING_INDICATOR_MAX_MS = 6000;
/**
 * A request past its deadline leaves the screen this much later if the hub's own expiry has not arrived by then
 * (its frame says why the request ended, so it normally comes first and is worth waiting for).
 */
const EXPIRY_SLACK_MS = 3000;

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
  /** Local time at which the chat ends unless the partner, whose connection dropped, comes back; null when present. */
  partnerAwayUntil: number | null;
  /** Messages from the partner that arrived while this chat was not on screen. */
  unread: number;
  /** Whether this chat's own socket is open: messages and typing go over it (ADR 005). */
  linked: boolean;
}

/** Why the last chat ended: as the hub said, or 'missed' when it ended while this side was disconnected. */
export interface EndedChat {
  name: string;
  reason: SessionEndReason | 'missed';
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
  /** The session the chat screen shows; null (or an ended session) shows the member list. */
  openSessionId: string | null;
  /** Whether the chat screen is showing: then the open session is on screen and its messages are read. */
  onChatScreen: boolean;
  /** Requesters whose request this side accepted: their chat opens when it starts. */
  accepting: number[];
  /** Members who accepted this side's request: their chat opens when no other chat is open. */
  acceptedBy: number[];
  /** While the snapshot after (re)connecting arrives, the sessions and requests it has confirmed; null otherwise. */
  syncing: { sessions: string[]; requests: string[] } | null;
  /** The chat that ended last, for the notice in the member list. */
  endedWith: EndedChat | null;
}

export type ChatAction =
  | { type: 'connected'; now: number }
  | { type: 'disconnected' }
  | { type: 'frame'; frame: ServerFrame; now: number }
  | { type: 'tick'; now: number }
  | { type: 'request-sending'; recipientId: number }
  /** A request this side rejected or withdrew: it leaves the screen at once (a failure comes as an error frame). */
  | { type: 'request-closed'; requestId: string }
  /** A request this side accepted: it leaves the screen, and the chat it starts opens. */
  | { type: 'request-accepting'; requestId: string; memberId: number }
  /** A session this side ended (END CHAT, block, report): removed at once; the hub's own frame then finds nothing. */
  | { type: 'session-closed'; sessionId: string }
  /** This chat's own socket opened or closed. */
  | { type: 'session-link'; sessionId: string; open: boolean }
  | { type: 'open-session'; sessionId: string | null }
  | { type: 'chat-screen'; showing: boolean }
  | { type: 'dismiss-ended' };

export function initialChatState(now = Date.now(), openSessionId: string | null = null): ChatState {
  return {
    status: 'connecting',
    now,
    users: [],
    outgoing: [],
    incoming: [],
    sendingTo: [],
    sessions: [],
    openSessionId,
    onChatScreen: false,
    accepting: [],
    acceptedBy: [],
    syncing: null,
    endedWith: null,
  };
}

function withoutRequest(state: ChatState, requestId: string): ChatState {
  return {
    ...state,
    outgoing: state.outgoing.filter((request) => request.requestId !== requestId),
    incoming: state.incoming.filter((request) => request.requestId !== requestId),
  };
}

function withoutSession(state: ChatState, sessionId: string, reason: EndedChat['reason']): ChatState {
  const ended = state.sessions.find((session) => session.sessionId === sessionId);
  if (!ended) return state;
  return {
    ...state,
    sessions: state.sessions.filter((session) => session.sessionId !== sessionId),
    openSessionId: state.openSessionId === sessionId ? null : state.openSessionId,
    endedWith: { name: ended.participantName, reason },
  };
}

function updateSession(
  state: ChatState,
  sessionId: string,
  update: (session: ChatSessionState) => ChatSessionState,
): ChatState {
  if (!state.sessions.some((session) => session.sessionId === sessionId)) return state;
  return {
    ...state,
    sessions: state.sessions.map((session) => (session.sessionId === sessionId ? update(session) : session)),
  };
}

/** Marks the open session read when it is on screen. */
function markOpenSessionRead(state: ChatState): ChatState {
  const open = sessionOnScreen(state);
  return open && open.unread > 0
    ? updateSession(state, open.sessionId, (session) => ({ ...session, unread: 0 }))
    : state;
}

function syncingWithConfirmed(state: ChatState, kind: 'sessions' | 'requests', id: string): ChatState['syncing'] {
  if (!state.syncing || state.syncing[kind].includes(id)) return state.syncing;
  return { ...state.syncing, [kind]: [...state.syncing[kind], id] };
}

function pendingRequest(
  id: string,
  memberId: number,
  memberName: string,
  remainingTime: number,
  now: number,
): PendingRequest {
  return { requestId: id, memberId, memberName, deadline: now + remainingTime * 1000 };
}

function applyFrame(state: ChatState, frame: ServerFrame, now: number): ChatState {
  switch (frame.type) {
    case 'online-users-updated':
    case 'online-users-changed':
      return { ...state, users: applyPresence(state.users, frame) };
    case 'joined': {
      // The snapshot is complete: what it did not confirm ended while this side was away.
      const sync = state.syncing;
      if (!sync) return state;
      const kept = (request: PendingRequest) => sync.requests.includes(request.requestId);
      let next: ChatState = {
        ...state,
        syncing: null,
        outgoing: state.outgoing.filter(kept),
        incoming: state.incoming.filter(kept),
      };
      for (const session of state.sessions)
        if (!sync.sessions.includes(session.sessionId)) next = withoutSession(next, session.sessionId, 'missed');
      return next;
    }
    case 'chat-request-sent': {
      const request = pendingRequest(frame.requestId, frame.recipientId, frame.recipientName, frame.remainingTime, now);
      return {
        ...state,
        syncing: syncingWithConfirmed(state, 'requests', frame.requestId),
        sendingTo: state.sendingTo.filter((id) => id !== frame.recipientId),
        outgoing: [...state.outgoing.filter((known) => known.requestId !== frame.requestId), request],
      };
    }
    case 'incoming-chat-request': {
      const request = pendingRequest(frame.requestId, frame.requesterId, frame.requesterName, frame.remainingTime, now);
      return {
        ...state,
        syncing: syncingWithConfirmed(state, 'requests', frame.requestId),
        incoming: [...state.incoming.filter((known) => known.requestId !== frame.requestId), request],
      };
    }
    case 'chat-request-accepted':
      return { ...withoutRequest(state, frame.requestId), acceptedBy: [...state.acceptedBy, frame.participantId] };
    case 'chat-request-rejected':
    case 'chat-request-cancelled':
    case 'chat-request-expired':
      return withoutRequest(state, frame.requestId);
    case 'chat-session-started': {
      const syncing = syncingWithConfirmed(state, 'sessions', frame.sessionId);
      if (state.sessions.some((session) => session.sessionId === frame.sessionId)) return { ...state, syncing };
      const session: ChatSessionState = {
        sessionId: frame.sessionId,
        participantId: frame.participantId,
        participantName: frame.participantName,
        participantRole: state.users.find((user) => user.id === frame.participantId)?.role ?? null,
        messages: [],
        partnerTypingUntil: null,
        partnerAwayUntil: null,
        unread: 0,
        linked: false,
      };
      // Never switch chats behind the member's back: a chat they accepted opens; a chat their own request
      // started opens only when no other is open; a replayed one leaves the screen as it was.
      const acceptedHere = state.accepting.includes(frame.participantId);
      const theirAnswer = state.acceptedBy.includes(frame.participantId);
      const anotherOpen = state.sessions.some((known) => known.sessionId === state.openSessionId);
      const opens = acceptedHere || (theirAnswer && !anotherOpen);
      return markOpenSessionRead({
        ...state,
        syncing,
        // Requests between the two are settled once they chat.
        outgoing: state.outgoing.filter((request) => request.memberId !== frame.participantId),
        incoming: state.incoming.filter((request) => request.memberId !== frame.participantId),
        accepting: state.accepting.filter((id) => id !== frame.participantId),
        acceptedBy: state.acceptedBy.filter((id) => id !== frame.participantId),
        sessions: [...state.sessions, session],
        openSessionId: opens ? frame.sessionId : state.openSessionId,
        endedWith: opens ? null : state.endedWith,
      });
    }
    case 'new-message': {
      const { message } = frame;
      const onScreen = sessionOnScreen(state)?.sessionId === message.sessionId;
      return updateSession(state, message.sessionId, (session) => {
        if (session.messages.some((known) => known.id === message.id)) return session;
        const fromPartner = message.senderId === session.participantId;
        // Replayed messages (after a reconnect) may be older than the last one held: keep them in time order.
        const messages = [...session.messages, message].sort((a, b) => a.sentAt - b.sentAt);
        return {
          ...session,
          messages,
          partnerTypingUntil: fromPartner ? null : session.partnerTypingUntil,
          unread: fromPartner && !onScreen ? session.unread + 1 : session.unread,
        };
      });
    }
    case 'chat-session-ended':
      return withoutSession(state, frame.sessionId, frame.reason);
    case 'chat-partner-status':
      return updateSession(state, frame.sessionId, (session) =>
        session.participantId === frame.participantId
          ? {
              ...session,
              partnerAwayUntil: frame.away ? now + frame.remainingTime * 1000 : null,
              partnerTypingUntil: null,
            }
          : session,
      );
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
    case 'connected':
      // Everything held stays on screen while the hub's snapshot confirms it (`joined` settles the rest).
      return { ...state, status: 'open', now: action.now, sendingTo: [], syncing: { sessions: [], requests: [] } };
    case 'disconnected':
      return state.status === 'reconnecting'
        ? state
        : { ...state, status: 'reconnecting', sendingTo: [], syncing: null };
    case 'frame':
      return applyFrame({ ...state, now: action.now }, action.frame, action.now);
    case 'tick': {
      const { now } = action;
      const live = (request: PendingRequest) => request.deadline + EXPIRY_SLACK_MS > now;
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
    case 'request-accepting':
      return { ...withoutRequest(state, action.requestId), accepting: [...state.accepting, action.memberId] };
    case 'session-closed':
      return withoutSession(state, action.sessionId, 'ended');
    case 'session-link':
      return updateSession(state, action.sessionId, (session) =>
        session.linked === action.open ? session : { ...session, linked: action.open },
      );
    case 'open-session':
      return markOpenSessionRead({ ...state, openSessionId: action.sessionId, endedWith: null });
    case 'chat-screen':
      return markOpenSessionRead({ ...state, onChatScreen: action.showing });
    case 'dismiss-ended':
      return { ...state, endedWith: null };
  }
}
