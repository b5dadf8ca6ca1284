// The profile's chat row (profile-chat.tsx): the member's presence and the Chat button, drawn from a live chat
// connection, or (null) as it is while the connection's code loads and the connection opens.
import { Link } from '@tanstack/react-router';
import type { ChatSocket } from '../../lib/chat-connection.ts';
import { ChatIcon } from '../icons.tsx';
import { Button, buttonClasses } from '../ui/button.tsx';

export type ChatRowMember = { id: number; name: string };

/** The row for a chat connection, or (null) for one whose code is still loading: then it is connecting. */
export function ProfileChatRow({ member, chat }: { member: ChatRowMember; chat: ChatSocket | null }) {
  const state = chat?.state;
  const connected = state?.status === 'open';
  const online = state?.users.some((user) => user.id === member.id) ?? false;
  const outgoing = state?.outgoing.find((request) => request.memberId === member.id);
  const chatting = state?.sessions.some((session) => session.participantId === member.id) ?? false;
  const status = !connected ? 'Connecting…' : online ? 'Online now' : 'Offline';
  return (
    <section
      aria-label="Chat"
      className="flex items-center gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      <span className="flex min-w-0 flex-1 items-center gap-2 text-sm text-ink-800">
        <span
          aria-hidden="true"
          className={
            online && connected
              ? 'size-2.5 shrink-0 rounded-full bg-emerald-600'
              : 'size-2.5 shrink-0 rounded-full bg-sand-300'
          }
        />
        <span data-testid="chat-presence">{status}</span>
      </span>
      {chatting ? (
        <Link to="/chat" className={buttonClasses('primary', 'sm', 'min-h-11 shrink-0')}>
          Open chat
        </Link>
      ) : outgoing ? (
        <Button
          variant="outline"
          size="sm"
          className="min-h-11 shrink-0"
          disabled={!connected}
          onClick={() => chat?.cancelRequest(outgoing.requestId)}
        >
          Cancel request
        </Button>
      ) : (
        <Button
          size="sm"
          className="min-h-11 shrink-0"
          disabled={!connected || !online || (state?.sendingTo.includes(member.id) ?? false)}
          onClick={() => chat?.requestChat(member.id)}
          aria-label={`Chat with ${member.name}`}
        >
          <ChatIcon size={18} />
          Chat
        </Button>
      )}
    </section>
  );
}
