// /chat, the anonymous real-time chat (spec, "Chat screen"). Reachable signed out, where it only says
// "Please log in to access chat." with a way to sign in; signed in, it shows either the member list (notices,
// incoming requests, active chats with their unread counts, the feature panel, who is online, the online-list
// setting, blocked members) or the open chat. The connection and its state belong to the signed-in app
// (lib/chat-connection.ts, started by components/chat/chat-dock.tsx), so leaving this screen ends nothing.
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { CurrentUser } from '../../common/account.ts';
import { BlockedMembers } from '../components/chat/blocked-members.tsx';
import { ChatView } from '../components/chat/chat-view.tsx';
import { ConnectionNotice } from '../components/chat/connection-notice.tsx';
import { FeaturePanel } from '../components/chat/feature-panel.tsx';
import { OnlineMembers } from '../components/chat/online-members.tsx';
import { OnlineVisibility } from '../components/chat/online-visibility.tsx';
import { SessionErrorView } from '../components/error-views.tsx';
import { ChatIcon } from '../components/icons.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { MemberName } from '../components/member-name.tsx';
import { NoticePanel, PageShell } from '../components/page-shell.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { useChat, type ChatSocket } from '../lib/chat-connection.ts';
import type { EndedChat } from '../lib/chat-state.ts';
import { useSessionUser } from '../lib/session.ts';

export function ChatPage() {
  const session = useSessionUser();
  if (session.isPending) return <LoadingView />;
  if (session.isError && session.data === undefined) {
    return <SessionErrorView onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  }
  if (!session.data) return <SignedOutChat />;
  return <ChatScreen me={session.data} />;
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
  const chat = useChat();
  const { state, setOnChatScreen } = chat;
  useEffect(() => {
    setOnChatScreen(true);
    return () => setOnChatScreen(false);
  }, [setOnChatScreen]);
  const openSession = state.sessions.find((session) => session.sessionId === state.openSessionId);
  return (
    <PageShell title="Chat">
      {openSession ? <ChatView chat={chat} session={openSession} meId={me.id} /> : <Lobby chat={chat} meId={me.id} />}
    </PageShell>
  );
}

const ENDED_TEXTS: Record<EndedChat['reason'], [before: string, after: string]> = {
  ended: ['Your chat with', 'ended. Its messages are gone.'],
  offline: ['Your chat ended:', 'went offline. Its messages are gone.'],
  missed: ['Your chat with', 'ended while you were away. Its messages are gone.'],
};

function EndedNotice({ ended, onDismiss }: { ended: EndedChat; onDismiss: () => void }) {
  const [before, after] = ENDED_TEXTS[ended.reason];
  return (
    <div
      role="status"
      className="flex items-center justify-between gap-3 rounded-2xl bg-sand-100 py-1 pr-1 pl-4 text-sm text-ink-800"
    >
      <p className="min-w-0">
        {before} <MemberName name={ended.name} className="inline-block max-w-[14rem] align-bottom font-semibold" />{' '}
        {after}
      </p>
      <Button variant="ghost" size="sm" onClick={onDismiss}>
        OK
      </Button>
    </div>
  );
}

function Lobby({ chat, meId }: { chat: ChatSocket; meId: number }) {
  const { state } = chat;
  return (
    <div className="grid grid-cols-1 gap-5">
      <ConnectionNotice status={state.status} />
      {state.endedWith ? <EndedNotice ended={state.endedWith} onDismiss={chat.dismissEnded} /> : null}
      {state.sessions.length > 0 ? (
        <section aria-labelledby="active-chats-heading" className="grid grid-cols-1 gap-2">
          <h2 id="active-chats-heading" className="font-display text-lg font-semibold text-ink-900">
            Active chats
          </h2>
          <ul className="grid grid-cols-1 gap-2">
            {state.sessions.map((session) => {
              const away = session.partnerAwayUntil !== null;
              // The visible text is part of the button's name: "Open chat with <name>, 2 new".
              return (
                <li key={session.sessionId}>
                  <button
                    type="button"
                    onClick={() => chat.openSession(session.sessionId)}
                    className="flex min-h-14 w-full items-center justify-between gap-3 rounded-2xl border border-brand-200 bg-brand-50 px-4 py-3 text-left hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="sr-only">Open chat with </span>
                      <MemberName name={session.participantName} className="font-semibold text-ink-900" />
                      {away ? <span className="block text-xs text-clay-700">Away, connection lost</span> : null}
                    </span>
                    {session.unread > 0 ? (
                      <span className="shrink-0 rounded-full bg-clay-700 px-2 py-0.5 text-xs font-bold text-white tabular-nums">
                        <span className="sr-only">, </span>
                        {session.unread} new
                      </span>
                    ) : null}
                    <svg
                      viewBox="0 0 24 24"
                      width="20"
                      height="20"
                      aria-hidden="true"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      className="shrink-0 text-brand-800"
                    >
                      <path d="m9 6 6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <FeaturePanel />
      <OnlineMembers chat={chat} meId={meId} />
      <OnlineVisibility />
      <BlockedMembers />
    </div>
  );
}
