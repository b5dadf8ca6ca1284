// An incoming chat request, shown prominently (spec, "Chat screen"): who asks, a live countdown and bar,
// Reject and Accept. Used at the top of the member list, compact above an open chat, and in the banner that
// brings it to the member on any other screen (chat-dock.tsx).
import type { Role } from '../../../common/roles.ts';
import type { PendingRequest } from '../../lib/chat-state.ts';
import { cn } from '../../lib/cn.ts';
import { Avatar } from '../avatar.tsx';
import { MemberName } from '../member-name.tsx';
import { RoleBadge } from '../role-badge.tsx';
import { Button } from '../ui/button.tsx';
import { Countdown, CountdownBar } from './countdown.tsx';

export interface IncomingRequestProps {
  request: PendingRequest;
  /** The requester's role and member number from the online list, when they are in it. */
  role: Role | null;
  memberNumber: number | null;
  now: number;
  disabled: boolean;
  compact?: boolean;
  className?: string;
  onAccept: () => void;
  onReject: () => void;
}

export function IncomingRequest({
  request,
  role,
  memberNumber,
  now,
  disabled,
  compact,
  className,
  onAccept,
  onReject,
}: IncomingRequestProps) {
  const name = request.memberName;
  return (
    <article
      aria-label={`Chat request from ${name}`}
      className={cn(
        'grid grid-cols-1 gap-3 border-brand-300 bg-brand-50 shadow-sm',
        compact ? 'rounded-2xl border p-3' : 'rounded-3xl border-2 p-4',
        className,
      )}
    >
      <div className="flex items-center gap-3">
        {compact ? null : <Avatar name={name} picture={null} role={role ?? 'client'} size={44} />}
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">Chat request</p>
          <p className="font-semibold text-ink-900">
            <MemberName name={name} />
          </p>
          {compact ? null : (
            <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-ink-600">
              {role ? <RoleBadge role={role} /> : null}
              {memberNumber !== null ? <span>Member #{memberNumber}</span> : null}
            </p>
          )}
        </div>
        <span className="shrink-0 text-sm text-brand-800">
          <Countdown request={request} now={now} />
        </span>
      </div>
      <CountdownBar request={request} now={now} />
      <div className="flex justify-end gap-3">
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={onReject}
          aria-label={`Reject chat request from ${name}`}
        >
          Reject
        </Button>
        <Button size="sm" disabled={disabled} onClick={onAccept} aria-label={`Accept chat request from ${name}`}>
          Accept
        </Button>
      </div>
    </article>
  );
}
