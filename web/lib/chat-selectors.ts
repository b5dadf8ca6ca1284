// What the chat's screens and its connection read off the chat's state (chat-state.ts): the seconds a countdown
// shows, whether anything on screen changes with time, the chat the member is looking at, the unread count.
import type { ChatSessionState, ChatState, PendingRequest } from './chat-state.ts';

/** Whole seconds left before a deadline, as countdowns show them. */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** Whole seconds left before a request expires, as its countdown shows them. */
export function secondsLeft(request: PendingRequest, now: number): number {
  return secondsUntil(request.deadline, now);
}

/** Whether anything on screen changes with time (countdowns, typing indicators): the tick runs only then. */
export function needsTick(state: ChatState): boolean {
  return (
    state.outgoing.length > 0 ||
    state.incoming.length > 0 ||
    state.sessions.some((session) => session.partnerTypingUntil !== null || session.partnerAwayUntil !== null)
  );
}

/** The session the member is looking at right now, if any. */
export function sessionOnScreen(state: ChatState): ChatSessionState | undefined {
  if (!state.onChatScreen) return undefined;
  return state.sessions.find((session) => session.sessionId === state.openSessionId);
}

/** The unread messages of the given chats, added up (the chat pill, the other chats beside the open one). */
export function totalUnread(sessions: ChatSessionState[]): number {
  return sessions.reduce((sum, session) => sum + session.unread, 0);
}
