// Find Members (spec, "Find Members page"): a name box (Enter searches too), result cards to
// /profile/{slug} (with the Licensed badge of a licensed member), the initial prompt and the empty state, pages
// with Show more. A blank term is refused here and by the server (400), by one rule (common/search.ts); one box
// needs no form library.
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ROLE_LABELS } from '../../common/roles.ts';
import { normalizeSearchTerm, SEARCH_TEXTS, searchTermError } from '../../common/search.ts';
import { Avatar } from '../components/avatar.tsx';
import { SearchIcon } from '../components/icons.tsx';
import { LicensedBadge } from '../components/licences/licence-badge.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { MemberName } from '../components/member-name.tsx';
import { NoticePanel, PageShell } from '../components/page-shell.tsx';
import { Button } from '../components/ui/button.tsx';
import { FieldError, FormAlert } from '../components/ui/form-alert.tsx';
import { inputClasses } from '../components/ui/input.tsx';
import { serverMessage } from '../lib/errors.ts';
import { trpc } from '../trpc.ts';

export function SearchPage() {
  const [term, setTerm] = useState<string | null>(null);
  const results = trpc.search.members.useInfiniteQuery(
    { term: term ?? '' },
    {
      enabled: term !== null,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      initialCursor: 1,
      retry: false,
    },
  );
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const search = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeSearchTerm(draft);
    const refusal = searchTermError(normalized);
    setError(refusal);
    if (!refusal) setTerm(normalized);
  };

  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <PageShell title={SEARCH_TEXTS.title}>
      <div className="grid grid-cols-1 gap-5">
        <form role="search" onSubmit={search} noValidate className="grid grid-cols-[1fr_auto] items-end gap-2">
          <div className="grid gap-1.5">
            <label htmlFor="member-search" className="text-sm font-medium text-ink-700">
              {SEARCH_TEXTS.label}
            </label>
            <input
              id="member-search"
              type="search"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder={SEARCH_TEXTS.placeholder}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'member-search-error' : undefined}
              className={inputClasses}
              autoComplete="off"
            />
          </div>
          <Button type="submit" aria-label={SEARCH_TEXTS.button}>
            <SearchIcon size={20} />
          </Button>
          <FieldError id="member-search-error" className="col-span-2">
            {error}
          </FieldError>
        </form>
        {term === null ? (
          <NoticePanel icon={<SearchIcon size={28} />}>{SEARCH_TEXTS.prompt}</NoticePanel>
        ) : results.isPending ? (
          <LoadingView inline />
        ) : results.isError ? (
          <FormAlert>{serverMessage(results.error, SEARCH_TEXTS.failed)}</FormAlert>
        ) : items.length === 0 ? (
          <NoticePanel icon={<SearchIcon size={28} />}>
            <span className="block font-semibold text-ink-900">{SEARCH_TEXTS.empty}</span>
            {SEARCH_TEXTS.emptyHint}
          </NoticePanel>
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-2" aria-label="Members found">
              {items.map((member) => (
                <li key={member.id}>
                  <Link
                    to="/profile/$userSlug"
                    params={{ userSlug: member.slug }}
                    className="flex items-center gap-3 rounded-2xl border border-sand-200 bg-white p-3 shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <Avatar name={member.name} picture={member.profilePicThumbnail} role={member.role} size={44} />
                    <span className="grid min-w-0 flex-1">
                      <span className="min-w-0 font-semibold text-ink-900">
                        <MemberName name={member.name} />
                      </span>
                      <span className="text-sm text-ink-600">
                        {ROLE_LABELS[member.role]} · Member #{member.memberNumber}
                      </span>
                      <LicensedBadge licence={member.licence} className="mt-0.5 justify-self-start" />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {results.hasNextPage ? (
              <Button
                variant="outline"
                onClick={() => void results.fetchNextPage()}
                disabled={results.isFetchingNextPage}
              >
                {SEARCH_TEXTS.more}
              </Button>
            ) : null}
          </>
        )}
      </div>
    </PageShell>
  );
}
