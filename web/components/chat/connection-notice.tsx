// The socket's state, when it is not plainly connected: a first "Connecting…" and a "Reconnecting…" while the
// chat is cut off (actions are disabled meanwhile; the state is rebuilt from the hub once back).
import type { ConnectionStatus } from '../../lib/chat-state.ts';

export function ConnectionNotice({ status }: { status: ConnectionStatus }) {
  if (status === 'open') return null;
  return (
    <p
      role="status"
      className="flex items-center gap-2.5 rounded-2xl bg-clay-100 px-4 py-2.5 text-sm font-medium text-clay-700"
    >
      <span
        className="size-4 animate-spin rounded-full border-2 border-sand-300 border-t-clay-700"
        aria-hidden="true"
      />
      {status === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
    </p>
  );
}
