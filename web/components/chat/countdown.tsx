// A pending request's live countdown (spec, "States and transitions"): whole seconds left, and optionally a bar that
// empties over the request's 30 s lifetime. The time comes from the chat state's tick, not a timer of its own.
import { CHAT_REQUEST_LIFETIME_MS } from '../../../common/limits.ts';
import { secondsLeft } from '../../lib/chat-selectors.ts';
import type { PendingRequest } from '../../lib/chat-state.ts';

export function Countdown({ request, now }: { request: PendingRequest; now: number }) {
  const seconds = secondsLeft(request, now);
  return <span className="shrink-0 font-semibold whitespace-nowrap tabular-nums">{seconds}s left</span>;
}

export function CountdownBar({ request, now }: { request: PendingRequest; now: number }) {
  const share = Math.min(1, Math.max(0, (request.deadline - now) / CHAT_REQUEST_LIFETIME_MS));
  return (
    <span className="block h-1.5 overflow-hidden rounded-full bg-brand-100" aria-hidden="true">
      <span
        className="block h-full rounded-full bg-brand-600 transition-[width] duration-1000 ease-linear motion-reduce:transition-none"
        style={{ width: `${share * 100}%` }}
      />
    </span>
  );
}
