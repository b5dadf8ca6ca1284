// Nothing in the chat happens silently: the toast a hub's frame deserves, judged from the chat's state before and
// after it (chat-state.ts). The connection (chat-connection.ts) raises it.
import type { ServerFrame } from '../../common/chat-protocol.ts';
import { sessionOnScreen } from './chat-selectors.ts';
import type { ChatState } from './chat-state.ts';

/** Longest message excerpt a toast shows. */
const EXCERPT_LENGTH = 100;

export interface ChatNotice {
  title: string;
  description: string;
}

function messageExcerpt(text: string): string {
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
}

/**
 * The toast a frame deserves, given the state before and after it: a request that was declined, expired or
 * whose member went offline; a chat that started or a message that arrived somewhere not on screen; a chat
 * that ended while the member was elsewhere. Nothing for what the screen already shows, or for the snapshot
 * replayed after a reconnect.
 */
export function noticeFor(before: ChatState, after: ChatState, frame: ServerFrame): ChatNotice | null {
  if (before.syncing) return null;
  switch (frame.type) {
    case 'chat-request-rejected':
    case 'chat-request-expired':
    case 'chat-request-cancelled': {
      const mine = before.outgoing.find((request) => request.requestId === frame.requestId);
      if (mine) {
        const name = mine.memberName;
        if (frame.type === 'chat-request-rejected')
          return { title: 'Chat request declined', description: `${name} declined your chat request.` };
        if (frame.type === 'chat-request-expired' && frame.reason === 'timeout')
          return { title: 'Chat request expired', description: `${name} did not answer within 30 seconds.` };
        return {
          title: 'Member went offline',
          description: `${name} went offline before answering your chat request.`,
        };
      }
      const theirs = before.incoming.find((request) => request.requestId === frame.requestId);
      if (theirs && frame.type === 'chat-request-cancelled')
        return frame.reason === 'withdrawn'
          ? { title: 'Chat request withdrawn', description: `${theirs.memberName} withdrew their chat request.` }
          : { title: 'Member went offline', description: `${theirs.memberName} went offline.` };
      return null;
    }
    case 'chat-session-started': {
      const started = after.sessions.find((session) => session.sessionId === frame.sessionId);
      const isNew = !before.sessions.some((session) => session.sessionId === frame.sessionId);
      if (!started || !isNew || !before.acceptedBy.includes(frame.participantId)) return null;
      if (sessionOnScreen(after)?.sessionId === frame.sessionId) return null;
      return {
        title: 'Chat request accepted',
        description: `${started.participantName} accepted your chat request. Open the chat from Chat.`,
      };
    }
    case 'new-message': {
      const session = after.sessions.find((known) => known.sessionId === frame.message.sessionId);
      if (!session || frame.message.senderId !== session.participantId) return null;
      const grew =
        session.unread > (before.sessions.find((known) => known.sessionId === session.sessionId)?.unread ?? 0);
      return grew
        ? { title: `New message from ${session.participantName}`, description: messageExcerpt(frame.message.content) }
        : null;
    }
    case 'chat-session-ended': {
      const ended = before.sessions.find((session) => session.sessionId === frame.sessionId);
      // On the chat screen the member list says it; elsewhere a toast does.
      if (!ended || before.onChatScreen) return null;
      return frame.reason === 'offline'
        ? { title: 'Chat ended', description: `${ended.participantName} went offline, so your chat ended.` }
        : { title: 'Chat ended', description: `${ended.participantName} ended the chat.` };
    }
    default:
      return null;
  }
}
