// The chat beyond the chat screen, mounted once for the whole signed-in app (router.tsx loads it only when a
// member is signed in): it opens the tab's one chat connection and closes it at sign-out, and on every screen
// but /chat it brings an incoming request to the member (a banner with the countdown, Reject and Accept) and
// offers the way back to an active chat (a pill with the unread count). While the tab is in the background,
// its title announces an incoming request; screen readers hear of it on any screen. The pill takes its place in
// the signed-in screens' floating layout (signed-in-layout.tsx): it publishes the space it takes above the bottom
// bar, and the map's controls, credits and bottom sheet sit above it.
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { CurrentUser } from '../../../common/account.ts';
import { BOTTOM_NAV_HEIGHT_PX } from '../../../common/limits.ts';
import { startChatConnection, useChat, type ChatSocket } from '../../lib/chat-connection.ts';
import { totalUnread } from '../../lib/chat-selectors.ts';
import type { PendingRequest } from '../../lib/chat-state.ts';
import { SESSION_QUERY_OPTIONS } from '../../lib/session.ts';
import { trpc } from '../../trpc.ts';
import { ChatIcon } from '../icons.tsx';
import { MemberName } from '../member-name.tsx';
import { CHAT_PILL_SPACE, usePublishedSpace } from '../signed-in-layout.tsx';
import { IncomingRequest } from './incoming-request.tsx';

/** The document's own title, restored once nothing is announced in it. */
let baseTitle: string | null = null;

/** While the tab is hidden, its title says who wants to chat: "(2) Amihan wants to chat · SpaConnect PH". */
function useTitleAnnouncement(incoming: PendingRequest[]) {
  const count = incoming.length;
  const firstName = incoming[0]?.memberName;
  useEffect(() => {
    baseTitle ??= document.title;
    const base = baseTitle;
    const update = () => {
      document.title = document.hidden && count > 0 ? `(${count}) ${firstName} wants to chat · ${base}` : base;
    };
    update();
    document.addEventListener('visibilitychange', update);
    return () => {
      document.removeEventListener('visibilitychange', update);
      document.title = base;
    };
  }, [count, firstName]);
}

export default function ChatDock({ me }: { me: CurrentUser }) {
  const utils = trpc.useUtils();
  useEffect(
    () =>
      startChatConnection({
        userId: me.id,
        checkSession: async () => (await utils.account.me.fetch(undefined, SESSION_QUERY_OPTIONS))?.id ?? null,
      }),
    [me.id, utils],
  );
  const chat = useChat();
  const onChatScreen = useRouterState({ select: (state) => state.location.pathname.replace(/\/+$/, '') === '/chat' });
  const { incoming, sessions } = chat.state;
  useTitleAnnouncement(incoming);

  return (
    <>
      <p role="status" className="sr-only">
        {incoming.map((request) => `${request.memberName} wants to chat.`).join(' ')}
      </p>
      {onChatScreen ? null : (
        <>
          {incoming[0] ? <RequestBanner chat={chat} request={incoming[0]} more={incoming.length - 1} /> : null}
          {sessions.length > 0 ? <ActiveChatPill chat={chat} /> : null}
        </>
      )}
    </>
  );
}

function RequestBanner({ chat, request, more }: { chat: ChatSocket; request: PendingRequest; more: number }) {
  const navigate = useNavigate();
  const { state } = chat;
  const requester = state.users.find((user) => user.id === request.memberId);
  return (
    <div className="pointer-events-none fixed inset-x-0 top-2 z-50 px-2">
      <div className="pointer-events-auto mx-auto grid max-w-xl grid-cols-1 gap-1">
        <IncomingRequest
          request={request}
          role={requester?.role ?? null}
          memberNumber={requester?.memberNumber ?? null}
          now={state.now}
          disabled={state.status !== 'open'}
          className="shadow-xl"
          onAccept={() => {
            if (chat.acceptRequest(request)) void navigate({ to: '/chat' });
          }}
          onReject={() => chat.rejectRequest(request)}
        />
        {more > 0 ? (
          <button
            type="button"
            onClick={() => void navigate({ to: '/chat' })}
            className="min-h-11 justify-self-center rounded-full bg-white px-4 text-sm font-semibold text-brand-800 shadow-md hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {more === 1 ? 'One more request' : `${more} more requests`} in Chat
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** The pill's gap above the bottom bar. */
const PILL_GAP_PX = 12;

function ActiveChatPill({ chat }: { chat: ChatSocket }) {
  const navigate = useNavigate();
  const pill = useRef<HTMLButtonElement>(null);
  usePublishedSpace(pill, CHAT_PILL_SPACE, PILL_GAP_PX);
  const { sessions } = chat.state;
  const unread = totalUnread(sessions);
  const only = sessions.length === 1 ? sessions[0] : undefined;
  // The visible text is part of the button's name: "Back to your chat with <name>, 2 unread".
  return (
    <button
      ref={pill}
      type="button"
      onClick={() => {
        // One chat opens; with several, the one with unread messages, else the list to choose from.
        const target = only ?? sessions.find((session) => session.unread > 0);
        chat.openSession(target?.sessionId ?? null);
        void navigate({ to: '/chat' });
      }}
      style={{ bottom: BOTTOM_NAV_HEIGHT_PX + PILL_GAP_PX }}
      className="fixed right-3 z-40 flex min-h-12 max-w-[calc(100vw-1.5rem)] items-center gap-2 rounded-full bg-brand-800 py-2 pr-2 pl-4 text-sm font-semibold text-white shadow-lg hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <span className="shrink-0" aria-hidden="true">
        <ChatIcon size={18} />
      </span>
      {only ? (
        <>
          <span className="sr-only">Back to your chat with </span>
          <MemberName name={only.participantName} className="max-w-[11rem]" />
        </>
      ) : (
        <span>
          <span className="sr-only">Back to your </span>
          {sessions.length} chats
        </span>
      )}
      {unread > 0 ? (
        <span className="min-w-6 rounded-full bg-white px-1.5 text-center text-xs leading-6 font-bold text-brand-900 tabular-nums">
          <span className="sr-only">, </span>
          {unread}
          <span className="sr-only"> unread</span>
        </span>
      ) : (
        <span className="w-1" aria-hidden="true" />
      )}
    </button>
  );
}
