// Direct messaging, a premium perk (issue 12): on another member's profile a premium member sees whether that
// member is online and a Chat button that sends the chat request from there, through the app-wide chat
// connection (web/lib/chat-connection.ts), so the hub's limits, blocks and invisibility apply exactly as on
// /chat. An accepted request opens on the chat screen, as every chat does. The connection's code is not part of
// the profile's first load: until it is here, the row shows what it shows while the connection opens.
import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import type { ChatSocket } from '../../lib/chat-connection.ts';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { ChatIcon } from '../icons.tsx';
import { Button, buttonClasses } from '../ui/button.tsx';

type Member = { id: number; name: string };

const LiveProfileChat = lazyComponent(() => import('./profile-chat-live.tsx').then((module) => module.LiveProfileChat));

export function ProfileChat({ member }: { member: Member }) {
  return (
    <Suspense fallback={<ProfileChatRow member={member} chat={null} />}>
      <LiveProfileChat member={member} />
    </Suspense>
  );
}

/** The row for a chat connection, or (null) for one whose code is still loading: then it is connecting. */
export function ProfileChatRow({ member, chat }: { member: Member; chat: ChatSocket | null }) {
  const state = chat?.state;
  const connected = state?.status === 'open';
  const online = state?.users.some((user) => user.id === member.id) ?? false;
  const outgoing = state?.outgoing.find((request) => request.memberId === member.id);
  const chatting = state?.sessions.some((session) => session.participantId === member.id) ?? false;
  const status = !connected ? 'Connecting…' : online ? 'Online now' : 'Offline';
  return (
    <section aria-label="Chat" className="flex items-center gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm">
      <span className="flex min-w-0 flex-1 items-center gap-2 text-sm text-ink-800">
        <span aria-hidden="true" className={online && connected ? 'size-2.5 shrink-0 rounded-full bg-emerald-600' : 'size-2.5 shrink-0 rounded-full bg-sand-300'} />
        <span data-testid="chat-presence">{status}</span>
      </span>
      {chatting ? (
        <Link to="/chat" className={buttonClasses('primary', 'sm', 'min-h-11 shrink-0')}>
          Open chat
        </Link>
      ) : outgoing ? (
        <Button variant="outline" size="sm" className="min-h-11 shrink-0" disabled={!connected} onClick={() => chat?.cancelRequest(outgoing.requestId)}>
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
