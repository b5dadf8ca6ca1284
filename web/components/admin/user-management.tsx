// User Management (spec, "Admin dashboard (route /admin)", "Validation rules" and "Error catalogue";
// docs/architecture.md, "Beyond the spec"): search by a chosen field and a term (Search term required / Please enter
// a search term; Search failed empties the list), the 25 Latest Registered Users when there are no results, each
// linking to /profile/{slug}, and the Ban button that works, asking first in the app's confirm dialog (and Lift ban,
// for a banned member).
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import {
  ADMIN_SEARCH_FIELD_LABELS,
  ADMIN_SEARCH_FIELDS,
  ADMIN_TEXTS,
  type AdminSearchField,
  type AdminUser,
} from '../../../common/admin.ts';
import { ROLE_LABELS } from '../../../common/roles.ts';
import { serverMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { useSessionUser } from '../../lib/session.ts';
import { trpc } from '../../trpc.ts';
import { LoadingView } from '../loading-view.tsx';
import { MemberName } from '../member-name.tsx';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { inputClasses } from '../ui/input.tsx';
import { toast } from '../ui/use-toast.ts';

export function UserManagement() {
  const [field, setField] = useState<AdminSearchField>('name');
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<AdminUser[] | null>(null);
  const latest = trpc.admin.users.useQuery();
  const search = trpc.admin.searchUsers.useMutation({
    meta: { errorTitle: ADMIN_TEXTS.searchFailed, errorFallback: ADMIN_TEXTS.searchFailed },
    onSuccess: (users) => setResults(users),
    onError: () => setResults(null),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!term.trim()) {
      toast({
        variant: 'destructive',
        title: ADMIN_TEXTS.searchTermRequiredTitle,
        description: ADMIN_TEXTS.searchTermRequired,
      });
      return;
    }
    search.mutate({ field, term });
  }

  const showing = results && results.length > 0 ? results : null;
  return (
    <section aria-labelledby="user-management-title" className="grid grid-cols-1 gap-4">
      <h2 id="user-management-title" className="font-display text-xl font-semibold text-ink-900">
        {ADMIN_TEXTS.tabs.users}
      </h2>
      <form
        onSubmit={submit}
        className="grid grid-cols-1 gap-3 rounded-2xl border border-sand-200 bg-white p-4 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
      >
        <div className="grid gap-1.5">
          <label htmlFor="user-search-field" className="text-sm font-medium text-ink-700">
            Search by
          </label>
          <select
            id="user-search-field"
            value={field}
            onChange={(event) => setField(event.target.value as AdminSearchField)}
            className={inputClasses}
          >
            {ADMIN_SEARCH_FIELDS.map((each) => (
              <option key={each} value={each}>
                {ADMIN_SEARCH_FIELD_LABELS[each]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="user-search-term" className="text-sm font-medium text-ink-700">
            Search term
          </label>
          <input
            id="user-search-term"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            className={inputClasses}
            type="search"
          />
        </div>
        <Button type="submit" disabled={search.isPending}>
          Search
        </Button>
      </form>
      {results && !showing ? <p className="text-ink-700">No users found.</p> : null}
      {/* One list in one place for both, so a member in both keeps their row (a Ban dialog open) when results come. */}
      {showing || latest.data ? (
        <UserList
          title={showing ? `Search results (${showing.length})` : ADMIN_TEXTS.latestUsers}
          users={showing ?? latest.data ?? []}
        />
      ) : (
        <LoadingView inline />
      )}
    </section>
  );
}

function UserList({ title, users }: { title: string; users: AdminUser[] }) {
  return (
    <div className="grid grid-cols-1 gap-2">
      <h3 className="font-semibold text-ink-900">{title}</h3>
      <ul className="grid grid-cols-1 gap-2">
        {users.map((user) => (
          <UserRow key={user.id} user={user} />
        ))}
      </ul>
    </div>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const { data: me } = useSessionUser();
  const utils = trpc.useUtils();
  const [banned, setBanned] = useState(user.isBanned);
  const [asking, setAsking] = useState(false);
  const refresh = () =>
    Promise.all([utils.admin.users.invalidate(), utils.admin.auditLog.invalidate(), utils.admin.chatbots.invalidate()]);
  const ban = trpc.admin.banUser.useMutation({
    onSuccess: () => {
      setAsking(false);
      setBanned(true);
      toast({ variant: 'success', title: ADMIN_TEXTS.userBanned, description: user.name });
      void refresh();
    },
  });
  const unban = trpc.admin.unbanUser.useMutation({
    onSuccess: () => {
      setBanned(false);
      toast({ variant: 'success', title: ADMIN_TEXTS.userUnbanned, description: user.name });
      void refresh();
    },
  });
  const mayBan = user.role !== 'admin' && user.id !== me?.id;
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-2xl border border-sand-200 bg-white p-3">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <Link
          to="/profile/$userSlug"
          params={{ userSlug: user.slug }}
          className="min-w-0 font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          <MemberName name={user.name} />
        </Link>
        <p className="text-xs break-all text-ink-600">
          {ROLE_LABELS[user.role]} · #{user.memberNumber} · {user.email ?? 'no email'} · joined{' '}
          {formatDate(user.createdAt)}
        </p>
      </div>
      {banned ? (
        <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
          {ADMIN_TEXTS.banned}
        </span>
      ) : null}
      {mayBan ? (
        banned ? (
          <Button
            size="sm"
            variant="outline"
            disabled={unban.isPending}
            onClick={() => unban.mutate({ userId: user.id })}
            aria-label={`${ADMIN_TEXTS.unban}: ${user.name}`}
          >
            {ADMIN_TEXTS.unban}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="destructive"
            disabled={ban.isPending}
            aria-label={`${ADMIN_TEXTS.ban} ${user.name}`}
            onClick={() => {
              ban.reset();
              setAsking(true);
            }}
          >
            {ADMIN_TEXTS.ban}
          </Button>
        )
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={ADMIN_TEXTS.banTitle(user.name)}
          description={ADMIN_TEXTS.banDescription}
          confirmLabel={ADMIN_TEXTS.ban}
          pendingLabel={ADMIN_TEXTS.banning}
          pending={ban.isPending}
          error={ban.error ? serverMessage(ban.error, 'Please try again.') : null}
          onConfirm={() => ban.mutate({ userId: user.id })}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </li>
  );
}
