// The open chat (spec, "Chat screen"): the partner's name and role badge, [END CHAT] (which asks first), the
// messages (own on the right, the partner's on the left, each with its time; long words wrap, text stays
// plain), the "typing reply..." indicator (or "Connecting..." while the chat's own socket opens) and the message input. Report and Block sit on their own row, apart
// from [END CHAT]. It fills the space between the page header and the bottom navigation so the input always
// sits just above the navigation. Requests arriving meanwhile show compactly above the messages; a partner
// whose connection dropped is shown as away, with the time left before the chat ends; the back button counts
// the unread messages of the other chats.
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { BOTTOM_NAV_HEIGHT_PX } from '../../../common/limits.ts';
import type { ChatMessage } from '../../../common/chat-protocol.ts';
import type { ChatSocket } from '../../lib/chat-connection.ts';
import { secondsUntil, totalUnread } from '../../lib/chat-selectors.ts';
import type { ChatSessionState } from '../../lib/chat-state.ts';
import { cn } from '../../lib/cn.ts';
import { Avatar } from '../avatar.tsx';
import { ArrowLeftIcon } from '../icons.tsx';
import { MemberName } from '../member-name.tsx';
import { RoleBadge } from '../role-badge.tsx';
import { Button } from '../ui/button.tsx';
import { Composer } from './composer.tsx';
import { ConnectionNotice } from './connection-notice.tsx';
import { SHOWN_IN_CHAT } from './feature-panel.tsx';
import { IncomingRequest } from './incoming-request.tsx';

// The dialogs (Radix dialog, the report schema) load when first opened, keeping the chat's own chunk small.
const ReportDialog = lazy(() => import('./report-dialog.tsx').then((module) => ({ default: module.ReportDialog })));
const BlockDialog = lazy(() => import('./block-dialog.tsx').then((module) => ({ default: module.BlockDialog })));
const EndChatDialog = lazy(() => import('./end-chat-dialog.tsx').then((module) => ({ default: module.EndChatDialog })));

/** Within this many pixels of the bottom, the log follows new messages; further up, the reader keeps their place. */
const FOLLOW_THRESHOLD_PX = 80;

const TIME_FORMAT = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

export interface ChatViewProps {
  chat: ChatSocket;
  session: ChatSessionState;
  meId: number;
}

type DialogKind = 'report' | 'block' | 'end';

export function ChatView({ chat, session, meId }: ChatViewProps) {
  const { state } = chat;
  const connected = state.status === 'open';
  const [dialog, setDialog] = useState<{ kind: DialogKind; opener: HTMLElement } | null>(null);
  const { sessionId, participantId, participantName: name } = session;
  const partner = state.users.find((user) => user.id === participantId);
  const role = partner?.role ?? session.participantRole;
  const typing = session.partnerTypingUntil !== null;
  const otherUnread = totalUnread(state.sessions.filter((other) => other.sessionId !== sessionId));
  const open = (kind: DialogKind) => (event: { currentTarget: HTMLElement }) =>
    setDialog({ kind, opener: event.currentTarget });
  const close = () => setDialog(null);

  return (
    <section
      aria-label={`Chat with ${name}`}
      className="fixed inset-x-0 top-14 z-20 bg-sand-50"
      style={{ bottom: BOTTOM_NAV_HEIGHT_PX }}
    >
      <div className="mx-auto flex h-full max-w-xl flex-col">
        <div className="border-b border-sand-200 bg-white pt-1.5 pr-3 pb-1 pl-1.5">
          <div className="flex items-center gap-2">
            <button
              type="button"
              aria-label={
                otherUnread > 0
                  ? `Back to online members (${otherUnread} unread in other chats)`
                  : 'Back to online members'
              }
              onClick={() => chat.openSession(null)}
              className="relative flex size-11 shrink-0 items-center justify-center rounded-full text-ink-800 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <ArrowLeftIcon size={22} />
              {otherUnread > 0 ? (
                <span
                  aria-hidden="true"
                  className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-clay-700 px-1 text-center text-[11px] leading-5 font-bold text-white"
                >
                  {otherUnread}
                </span>
              ) : null}
            </button>
            <Avatar name={name} picture={null} role={role ?? 'client'} size={36} />
            <div className="min-w-0 flex-1">
              <h2 className="font-semibold text-ink-900">
                <MemberName name={name} />
              </h2>
              {role ? <RoleBadge role={role} /> : null}
            </div>
            <Button variant="destructive" size="sm" disabled={!connected} onClick={open('end')}>
              [END CHAT]
            </Button>
          </div>
          <div className="mt-2 flex items-center justify-between gap-3 pl-3">
            <p className="min-w-0 text-xs text-ink-600">Anonymous · no trace</p>
            <div className="flex gap-3">
              <button type="button" onClick={open('report')} className={toolClasses} aria-label={`Report ${name}`}>
                Report
              </button>
              <button type="button" onClick={open('block')} className={toolClasses} aria-label={`Block ${name}`}>
                Block
              </button>
            </div>
          </div>
        </div>

        {!connected || state.incoming.length > 0 || session.partnerAwayUntil !== null ? (
          <div className="grid grid-cols-1 gap-2 px-3 pt-2">
            <ConnectionNotice status={state.status} />
            {session.partnerAwayUntil !== null ? (
              <p
                role="status"
                className="flex min-w-0 items-center gap-2 rounded-2xl bg-clay-100 px-4 py-2.5 text-sm text-clay-700"
              >
                <span className="flex min-w-0 flex-1 gap-1">
                  <MemberName name={name} className="font-semibold" />
                  <span className="shrink-0">is away.</span>
                </span>
                <span className="shrink-0 tabular-nums">
                  Chat ends in {secondsUntil(session.partnerAwayUntil, state.now)}s
                </span>
              </p>
            ) : null}
            {state.incoming.map((request) => (
              <IncomingRequest
                key={request.requestId}
                compact
                request={request}
                role={state.users.find((user) => user.id === request.memberId)?.role ?? null}
                memberNumber={null}
                now={state.now}
                disabled={!connected}
                onAccept={() => chat.acceptRequest(request)}
                onReject={() => chat.rejectRequest(request)}
              />
            ))}
          </div>
        ) : null}

        <MessageLog messages={session.messages} meId={meId} partnerName={name} />

        <p role="status" className="h-6 px-4 text-sm text-ink-600 italic">
          {typing ? 'typing reply...' : session.linked ? '' : 'Connecting...'}
        </p>

        <Composer
          key={sessionId}
          sessionId={sessionId}
          onSend={(content) => chat.sendMessage(sessionId, content)}
          setTyping={chat.setTyping}
        />
      </div>

      <Suspense fallback={null}>
        {dialog?.kind === 'end' ? (
          <EndChatDialog
            partnerName={name}
            returnFocusTo={dialog.opener}
            onClose={close}
            onEnd={() => {
              close();
              chat.endSession(sessionId);
            }}
          />
        ) : null}
        {dialog?.kind === 'report' ? (
          <ReportDialog
            sessionId={sessionId}
            partnerName={name}
            returnFocusTo={dialog.opener}
            onClose={close}
            onReported={() => chat.forgetSession(sessionId)}
          />
        ) : null}
        {dialog?.kind === 'block' ? (
          <BlockDialog
            partnerId={participantId}
            partnerName={name}
            returnFocusTo={dialog.opener}
            onClose={close}
            onBlocked={() => chat.forgetSession(sessionId)}
          />
        ) : null}
      </Suspense>
    </section>
  );
}

const toolClasses =
  'inline-flex h-11 min-w-11 items-center justify-center rounded-full border border-sand-300 px-4 text-sm font-semibold text-ink-700 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-brand-600';

function MessageLog({ messages, meId, partnerName }: { messages: ChatMessage[]; meId: number; partnerName: string }) {
  const log = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const last = messages.at(-1);

  useLayoutEffect(() => {
    const element = log.current;
    if (element && (following.current || last?.senderId === meId)) element.scrollTop = element.scrollHeight;
  }, [last, meId]);

  return (
    <div
      ref={log}
      role="log"
      aria-label="Messages"
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_THRESHOLD_PX;
      }}
      className="min-h-0 flex-1 overflow-y-auto px-3 py-3"
    >
      {messages.length === 0 ? (
        <p className="mx-auto mt-6 max-w-xs text-center text-sm text-ink-600">
          Say hello to {partnerName}. {SHOWN_IN_CHAT}, and the messages vanish when the chat ends.
        </p>
      ) : (
        <ol className="flex flex-col gap-2">
          {messages.map((message) => {
            const mine = message.senderId === meId;
            return (
              <li
                key={message.id}
                className={cn(
                  'flex max-w-[80%] min-w-0 flex-col gap-0.5',
                  mine ? 'items-end self-end' : 'items-start self-start',
                )}
              >
                <p
                  className={cn(
                    'max-w-full rounded-2xl px-3.5 py-2 text-[15px] leading-snug whitespace-pre-wrap wrap-anywhere',
                    mine
                      ? 'rounded-br-md bg-brand-700 text-white'
                      : 'rounded-bl-md border border-sand-200 bg-white text-ink-900',
                  )}
                >
                  <span className="sr-only">{mine ? 'You' : message.senderName}: </span>
                  {message.content}
                </p>
                <time dateTime={new Date(message.sentAt).toISOString()} className="px-1 text-[11px] text-ink-500">
                  {TIME_FORMAT.format(message.sentAt)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
