// /chat, the anonymous real-time chat (spec part 1 section 2). Reachable signed out, where it only says
// "Please log in to access chat." with a way to sign in; signed in, it connects to the hub and shows either the
// member list (notices, incoming requests, active chats, the feature panel, who is online, blocked members)
// or the open chat. The socket and its state live in lib/chat-socket.ts and lib/chat-state.ts.
import { Link } from '@tanstack/react-router';
import type { CurrentUser } from '../../common/account.ts';
import { BlockedMembers } from '../components/chat/blocked-members.tsx';
import { ChatView } from '../components/chat/chat-view.tsx';
import { ConnectionNotice } from '../components/chat/connection-notice.tsx';
import { FeaturePanel } from '../components/chat/feature-panel.tsx';
import { OnlineMembers } from '../components/chat/online-members.tsx';
import { SessionErrorView } from '../components/error-views.tsx';
import { ChatIcon } from '../components/icons.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { NoticePanel, PageShell } from '../components/page-shell.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { useChatSocket, type ChatSocket } from '../lib/chat-socket.ts';
import { useSessionUser } from '../lib/session.ts';

export function ChatPage() {
  const session = useSessionUser();
  if (session.isPending) return <LoadingView />;
  if (session.isError && session.data === undefined) {
    return <SessionErrorView onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  }
  if (!session.data) return <SignedOutChat />;
  // Keyed by member: another sign-in (in another tab) starts from an empty chat state.
  return <ChatScreen key={session.data.id} me={session.data} />;
}

function SignedOutChat() {
  return (
    <PageShell title="Chat">
      <NoticePanel
        icon={<ChatIcon size={28} />}
        action={
          <Link to="/auth" className={buttonClasses('primary')}>
            Sign in
          </Link>
        }
      >
        Please log in to access chat.
      </NoticePanel>
    </PageShell>
  );
}

function ChatScreen({ me }: { me: CurrentUser }) {
  const chat = useChatSocket(me.id);
  const { state } = chat;
  const openSession = state.sessions.find((session) => session.sessionId === state.openSessionId);
  return (
    <PageShell title="Chat">
      {openSession ? <ChatView chat={chat} session={openSession} meId={me.id} /> : <Lobby chat={chat} meId={me.id} />}
      <p role="status" className="sr-only">
        {state.incoming.map((request) => `${request.memberName} wants to chat.`).join(' ')}
      </p>
    </PageShell>
  );
}

function Lobby({ chat, meId }: { chat: ChatSocket; meId: number }) {
  const { state } = chat;
  return (
    <div className="grid gap-5">
      <ConnectionNotice status={state.status} />
      {state.endedWith ? (
        <div role="status" className="flex items-center justify-between gap-3 rounded-2xl bg-sand-100 px-4 py-2.5 text-sm text-ink-800">
          <span>Your chat with {state.endedWith} ended. Its messages are gone.</span>
          <Button variant="ghost" size="sm" onClick={chat.dismissEnded}>
            OK
          </Button>
        </div>
      ) : null}
      {state.sessions.length > 0 ? (
        <section aria-labelledby="active-chats-heading" className="grid gap-2">
          <h2 id="active-chats-heading" className="font-display text-lg font-semibold text-ink-900">
            Active chats
          </h2>
          <ul className="grid gap-2">
            {state.sessions.map((session) => (
              <li key={session.sessionId}>
                <button
                  type="button"
                  onClick={() => chat.openSession(session.sessionId)}
                  aria-label={`Open chat with ${session.participantName}`}
                  className="flex w-full items-center justify-between gap-3 rounded-2xl border border-brand-200 bg-brand-50 px-4 py-3 text-left hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="min-w-0 truncate font-semibold text-ink-900">{session.participantName}</span>
                  <span className="shrink-0 text-sm font-semibold text-brand-800">Open</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <FeaturePanel />
      <OnlineMembers chat={chat} meId={meId} />
      <BlockedMembers />
    </div>
  );
}
