// The chat's state as the tests build it (chat-state.test.ts, chat-notices.test.ts): the reducer run over actions,
// a hub's frame as an action, a connected tab, and the frames of a chat this side asked for and the partner
// accepted.
import type { ChatMessage, ServerFrame } from '../../common/chat-protocol.ts';
import { chatReducer, initialChatState, type ChatAction, type ChatState } from './chat-state.ts';

export const NOW = 1_700_000_000_000;

export function applyActions(state: ChatState, ...actions: ChatAction[]): ChatState {
  return actions.reduce(chatReducer, state);
}

/** A frame from the hub, as the connection hands it to the reducer. */
export function frameAction(frame: ServerFrame, now = NOW): ChatAction {
  return { type: 'frame', frame, now };
}

/** A tab connected, with the hub's snapshot (empty) complete. */
export function connectedState(): ChatState {
  return applyActions(initialChatState(NOW), { type: 'connected', now: NOW }, frameAction({ type: 'joined' }));
}

export function chatMessage(sessionId: string, senderId: number, content: string, sentAt = NOW): ChatMessage {
  return { id: `${sessionId}-${content}`, sessionId, senderId, content, sentAt, senderName: `member ${senderId}` };
}

export function sessionStarted(sessionId: string, participantId: number): ServerFrame {
  return {
    type: 'chat-session-started',
    sessionId,
    participantId,
    participantName: `member ${participantId}`,
  };
}

/** This side (member 1) asked `participantId`, who accepted: the frames the hub sends, in order. */
export function acceptedByThem(state: ChatState, sessionId: string, participantId: number): ChatState {
  const requestId = `1-${participantId}-${NOW}`;
  return applyActions(
    state,
    frameAction({
      type: 'chat-request-sent',
      requestId,
      recipientId: participantId,
      recipientName: `member ${participantId}`,
      remainingTime: 30,
    }),
    frameAction({ type: 'chat-request-accepted', requestId, sessionId, participantId }),
    frameAction(sessionStarted(sessionId, participantId)),
  );
}
