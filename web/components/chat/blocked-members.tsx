// "Blocked members", collapsed under the chat screen: the list is fetched only once it is opened, and each
// member can be unblocked (they may then appear in the online list again).
import { useState } from 'react';
import { trpc } from '../../trpc.ts';
import { LoadingView } from '../loading-view.tsx';
import { MemberName } from '../member-name.tsx';
import { RoleBadge } from '../role-badge.tsx';
import { Button } from '../ui/button.tsx';
import { toast } from '../ui/use-toast.ts';

export function BlockedMembers() {
  const [opened, setOpened] = useState(false);
  return (
    <details
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
      className="group rounded-3xl border border-sand-200 bg-white shadow-sm"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between rounded-3xl px-4 py-3 text-sm font-semibold text-ink-800 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
        Blocked members
        <svg
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className="transition-transform group-open:rotate-180"
        >
          <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <div className="border-t border-sand-200 px-4 py-3">{opened ? <BlockedList /> : null}</div>
    </details>
  );
}

function BlockedList() {
  const utils = trpc.useUtils();
  const blocks = trpc.chat.blocks.useQuery(undefined, { staleTime: 0 });
  const unblock = trpc.chat.unblock.useMutation({
    meta: { errorTitle: 'Unblock failed' },
    onSuccess: (_result, { userId }) => {
      const name = blocks.data?.find((member) => member.id === userId)?.name ?? 'Member';
      toast({ title: `${name} unblocked` });
      void utils.chat.blocks.invalidate();
    },
  });

  if (blocks.isPending) return <LoadingView inline />;
  if (blocks.isError) {
    return (
      <div className="flex items-center justify-between gap-3 text-sm text-ink-700">
        Blocked members could not be loaded.
        <Button variant="outline" size="sm" onClick={() => void blocks.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (blocks.data.length === 0) return <p className="text-sm text-ink-600">You have not blocked anyone.</p>;
  return (
    <ul className="grid grid-cols-1 gap-2">
      {blocks.data.map((member) => {
        const pending = unblock.isPending && unblock.variables?.userId === member.id;
        return (
          <li key={member.id} className="flex items-center gap-3">
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold text-ink-900">
                <MemberName name={member.name} />
              </p>
              <p className="mt-0.5 flex items-center gap-2 text-xs text-ink-600">
                <RoleBadge role={member.role} />
                <span>Member #{member.memberNumber}</span>
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              disabled={pending}
              onClick={() => unblock.mutate({ userId: member.id })}
              aria-label={`Unblock ${member.name}`}
            >
              {pending ? 'Please wait...' : 'Unblock'}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
