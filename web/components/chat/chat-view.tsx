// The open chat (spec part 1 section 2): the partner's name and role badge, Report, Block and [END CHAT], the
// messages (own on the right, the partner's on the left, each with its time), the "typing reply..." indicator
// and the message input. It fills the space between the page header and the bottom navigation so the input
// always sits just above the navigation. Requests arriving meanwhile show compactly above the messages.
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { BOTTOM_NAV_HEIGHT_PX } from '../../../common/limits.ts';
import type { ChatMessage } from '../../../durable-objects/protocol.ts';
import type { ChatSocket } from '../../lib/chat-socket.ts';
import type { ChatSessionState } from '../../lib/chat-state.ts';
import { cn } from '../../lib/cn.ts';
import { Avatar } from '../avatar.tsx';
import { ArrowLeftIcon } from '../icons.tsx';
import { RoleBadge } from '../role-badge.tsx';
import { Button } from '../ui/button.tsx';
import { Composer } from './composer.tsx';
import { ConnectionNotice } from './connection-notice.tsx';
import { IncomingRequest } from './incoming-request.tsx';

// The dialogs (Radix dialog, the report schema) load when first opened, keeping the chat's own chunk small.
const ReportDialog = lazy(() => import('./report-dialog.tsx').then((module) => ({ default: module.ReportDialog })));
const BlockDialog = lazy(() => import('./block-dialog.tsx').then((module) => ({ default: module.BlockDialog })));

/** Within this many pixels of the bottom, the log follows new messages; further up, the reader keeps their place. */
const FOLLOW_THRESHOLD_PX = 80;

const TIME_FORMAT = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

export interface ChatViewProps {
  chat: ChatSocket;
  session: ChatSessionState;
  meId: number;
}

export function ChatView({ chat, session, meId }: ChatViewProps) {
  const { state } = chat;
  const connected = state.status === 'open';
  const [dialog, setDialog] = useState<'report' | 'block' | null>(null);
  const { sessionId, participantId, participantName: name } = session;
  const partner = state.users.find((user) => user.id === participantId);
  const role = partner?.role ?? session.participantRole;
  const typing = session.partnerTypingUntil !== null;

  return (
    <section
      aria-label={`Chat with ${name}`}
      className="fixed inset-x-0 top-14 z-20 bg-sand-50"
      style={{ bottom: BOTTOM_NAV_HEIGHT_PX }}
    >
      <div className="mx-auto flex h-full max-w-xl flex-col">
        <div className="border-b border-sand-200 bg-white pt-2 pr-3 pb-1.5 pl-2">
          <div className="flex items-center gap-2">
            <button
              type="button"
              aria-label="Back to online members"
              onClick={() => chat.openSession(null)}
              className="flex size-10 shrink-0 items-center justify-center rounded-full text-ink-800 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <ArrowLeftIcon size={22} />
            </button>
            <Avatar name={name} picture={null} role={role ?? 'client'} size={36} />
            <div className="min-w-0 flex-1">
              <h2 className="truncate font-semibold text-ink-900">{name}</h2>
              {role ? <RoleBadge role={role} /> : null}
            </div>
            <Button variant="destructive" size="sm" disabled={!connected} onClick={() => chat.endSession(sessionId)}>
              [END CHAT]
            </Button>
          </div>
          <div className="mt-1 flex items-center justify-between gap-2 pl-2">
            <p className="text-xs text-ink-600">Anonymous · no trace</p>
            <div className="flex gap-1">
              <button type="button" onClick={() => setDialog('report')} className={toolClasses} aria-label={`Report ${name}`}>
                Report
              </button>
              <button type="button" onClick={() => setDialog('block')} className={toolClasses} aria-label={`Block ${name}`}>
                Block
              </button>
            </div>
          </div>
        </div>

        {!connected || state.incoming.length > 0 ? (
          <div className="grid gap-2 px-3 pt-2">
            <ConnectionNotice status={state.status} />
            {state.incoming.map((request) => (
              <IncomingRequest
                key={request.requestId}
                compact
                request={request}
                role={state.users.find((user) => user.id === request.memberId)?.role ?? null}
                memberNumber={null}
                now={state.now}
                disabled={!connected}
                onAccept={() => chat.acceptRequest(request.requestId)}
                onReject={() => chat.rejectRequest(request)}
              />
            ))}
          </div>
        ) : null}

        <MessageLog messages={session.messages} meId={meId} partnerName={name} />

        <p role="status" className="h-6 px-4 text-sm text-ink-600 italic">
          {typing ? 'typing reply...' : ''}
        </p>

        <Composer
          key={sessionId}
          sessionId={sessionId}
          disabled={!connected}
          onSend={(content) => chat.sendMessage(sessionId, content)}
          setTyping={chat.setTyping}
        />
      </div>

      <Suspense fallback={null}>
        {dialog === 'report' ? (
          <ReportDialog
            sessionId={sessionId}
            partnerName={name}
            onClose={() => setDialog(null)}
            onReported={() => chat.forgetSession(sessionId)}
          />
        ) : null}
        {dialog === 'block' ? (
          <BlockDialog
            partnerId={participantId}
            partnerName={name}
            onClose={() => setDialog(null)}
            onBlocked={() => chat.forgetSession(sessionId)}
          />
        ) : null}
      </Suspense>
    </section>
  );
}

const toolClasses =
  'rounded-full px-3 py-1 text-xs font-semibold text-ink-700 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-brand-600';

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
          Say hello to {partnerName}. Only your name and role are shown, and the messages vanish when the chat ends.
        </p>
      ) : (
        <ol className="flex flex-col gap-2">
          {messages.map((message) => {
            const mine = message.senderId === meId;
            return (
              <li key={message.id} className={cn('flex max-w-[80%] flex-col gap-0.5', mine ? 'items-end self-end' : 'items-start self-start')}>
                <p
                  className={cn(
                    'rounded-2xl px-3.5 py-2 text-[15px] leading-snug break-words whitespace-pre-wrap',
                    mine ? 'rounded-br-md bg-brand-700 text-white' : 'rounded-bl-md border border-sand-200 bg-white text-ink-900',
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
