// What members say in a session is relayed and never stored (ADR 005), by the session's own object
// (chat-session.ts), never by the hub. The last CHAT_REPORT_TRANSCRIPT_LENGTH messages are held in memory only:
// a report copies them, and a socket that opens later gets them first. What the buffer does not hold, or an
// eviction of the object drops, is gone. A message goes to every socket of both members (their other tabs
// too); typing to the partner's only.
import { CHAT_REPORT_TRANSCRIPT_LENGTH } from '../common/limits.ts';
import type { ChatMessage, ServerFrame } from '../common/chat-protocol.ts';
import type { ChatMember, HubSockets } from './hub-sockets.ts';
import { partnerOf, type SessionRow } from './sessions.ts';

export class Messages {
  private readonly sockets: HubSockets;
  private readonly transcripts = new Map<string, ChatMessage[]>();

  constructor(sockets: HubSockets) {
    this.sockets = sockets;
  }

  /** Sends the message to the session's sockets and answers the frame they got. */
  relay(session: SessionRow, sender: ChatMember, content: string): ServerFrame {
    const message: ChatMessage = {
      id: crypto.randomUUID(),
      sessionId: session.id,
      senderId: sender.id,
      content,
      sentAt: Date.now(),
      senderName: sender.name,
    };
    const transcript = this.transcripts.get(session.id) ?? [];
    transcript.push(message);
    if (transcript.length > CHAT_REPORT_TRANSCRIPT_LENGTH) transcript.shift();
    this.transcripts.set(session.id, transcript);
    // The session's object holds only the two members' sockets.
    const frame: ServerFrame = { type: 'new-message', message };
    this.sockets.sendToAll(frame);
    return frame;
  }

  /** Sends the typing to the partner's sockets and answers the frame they got. */
  typing(session: SessionRow, userId: number, type: 'typing-start' | 'typing-stop'): ServerFrame {
    const frame: ServerFrame = { type, sessionId: session.id, userId };
    this.sockets.sendToUser(partnerOf(session, userId).id, frame);
    return frame;
  }

  /** The session's last messages, oldest first. */
  transcript(sessionId: string): ChatMessage[] {
    return this.transcripts.get(sessionId) ?? [];
  }

  forget(sessionId: string) {
    this.transcripts.delete(sessionId);
  }
}
