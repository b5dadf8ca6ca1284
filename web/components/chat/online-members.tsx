// The online members list (spec, "Chat screen"): everyone in chat but the member themself, each with their
// role badge and member number and the one action their state allows: Chat, Cancel (my pending request),
// Accept and Reject (their pending request, pulled to the top and shown prominently), or "In chat".
import type { OnlineUser } from '../../../common/chat-protocol.ts';
import type { ChatSocket } from '../../lib/chat-connection.ts';
import { Avatar } from '../avatar.tsx';
import { MemberName } from '../member-name.tsx';
import { ChatIcon } from '../icons.tsx';
import { RoleBadge } from '../role-badge.tsx';
import { Button } from '../ui/button.tsx';
import { Countdown } from './countdown.tsx';
import { IncomingRequest } from './incoming-request.tsx';

interface OnlineMembersProps {
  chat: ChatSocket;
  meId: number;
}

export function OnlineMembers({ chat, meId }: OnlineMembersProps) {
  const { state } = chat;
  const connected = state.status === 'open';
  const others = state.users.filter((user) => user.id !== meId);
  const requesterIds = new Set(state.incoming.map((request) => request.memberId));
  const rows = others.filter((user) => !requesterIds.has(user.id));
  const userById = new Map(others.map((user) => [user.id, user]));

  return (
    <section aria-labelledby="online-members-heading" className="grid grid-cols-1 gap-3">
      <h2
        id="online-members-heading"
        className="flex items-baseline justify-between font-display text-lg font-semibold text-ink-900"
      >
        Online now
        {connected ? <span className="font-sans text-sm font-medium text-ink-600">{others.length}</span> : null}
      </h2>
      {others.length === 0 && state.incoming.length === 0 && !connected ? (
        <p className="rounded-3xl border border-sand-200 bg-white px-6 py-8 text-center text-sm text-ink-600">
          Online members appear here once connected.
        </p>
      ) : others.length === 0 && state.incoming.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-3xl border border-sand-200 bg-white px-6 py-8 text-center">
          <span
            className="flex size-12 items-center justify-center rounded-full bg-sand-100 text-ink-600"
            aria-hidden="true"
          >
            <ChatIcon size={24} />
          </span>
          <p className="font-semibold text-ink-900">No one else is online right now</p>
          <p className="max-w-xs text-sm text-ink-600">Members appear here while they have the app open.</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-2.5">
          {state.incoming.map((request) => {
            const requester = userById.get(request.memberId);
            return (
              <li key={request.requestId}>
                <IncomingRequest
                  request={request}
                  role={requester?.role ?? null}
                  memberNumber={requester?.memberNumber ?? null}
                  now={state.now}
                  disabled={!connected}
                  onAccept={() => chat.acceptRequest(request)}
                  onReject={() => chat.rejectRequest(request)}
                />
              </li>
            );
          })}
          {rows.map((user) => (
            <MemberRow key={user.id} user={user} chat={chat} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MemberRow({ user, chat }: { user: OnlineUser; chat: ChatSocket }) {
  const { state } = chat;
  const connected = state.status === 'open';
  const outgoing = state.outgoing.find((request) => request.memberId === user.id);
  const chatting = state.sessions.some((session) => session.participantId === user.id);
  const sending = state.sendingTo.includes(user.id);

  return (
    <li className="grid grid-cols-1 gap-2 rounded-2xl border border-sand-200 bg-white p-3 shadow-sm">
      <div className="flex items-center gap-3">
        <Avatar name={user.name} picture={null} role={user.role} size={40} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-ink-900">
            <MemberName name={user.name} />
          </p>
          <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-ink-600">
            <RoleBadge role={user.role} />
            <span>Member #{user.memberNumber}</span>
          </p>
        </div>
        {outgoing ? (
          <Button
            variant="outline"
            size="sm"
            disabled={!connected}
            onClick={() => chat.cancelRequest(outgoing.requestId)}
            aria-label={`Cancel chat request to ${user.name}`}
          >
            Cancel
          </Button>
        ) : chatting ? (
          <span className="shrink-0 rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
            In chat
          </span>
        ) : (
          <Button
            size="sm"
            disabled={!connected || sending}
            onClick={() => chat.requestChat(user.id)}
            aria-label={`Chat with ${user.name}`}
          >
            Chat
          </Button>
        )}
      </div>
      {outgoing ? (
        <p className="flex items-center justify-between gap-3 rounded-xl bg-sand-50 px-3 py-1.5 text-xs text-ink-700">
          <span className="flex min-w-0 gap-1">
            <span className="shrink-0">Waiting for</span>
            <MemberName name={user.name} />
            <span className="shrink-0">to accept</span>
          </span>
          <Countdown request={outgoing} now={state.now} />
        </p>
      ) : null}
    </li>
  );
}
