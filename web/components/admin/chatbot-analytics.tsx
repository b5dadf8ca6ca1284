// ChatBot Management and Analytics (spec, "Admin dashboard (route /admin)" and "Business constants and limits").
// ChatBot: every member a page at a time with an Enabled/Disabled toggle (PATCH /api/admin/chatbot/{userId}), the
// active-chatbot count and a 50-character bio preview; the flag is stored and shown only (docs/rest.md). Analytics: users
// per role with bars, the 5 Top Rated Spas (ranked by the Bayesian rating, ADR 020; shown as ★ 4.3 (12)), and (beyond
// the spec) new members and reviews per week.
import { useState } from 'react';
import { ADMIN_PAGE_SIZE, ADMIN_TEXTS } from '../../../common/admin.ts';
import { ROLE_LABELS } from '../../../common/roles.ts';
import { formatDate } from '../../lib/format.ts';
import { trpc } from '../../trpc.ts';
import { MemberName } from '../member-name.tsx';
import { Rating } from '../rating.tsx';
import { LoadingView } from '../loading-view.tsx';
import { Button } from '../ui/button.tsx';

export function ChatBotManagement() {
  const [page, setPage] = useState(1);
  const utils = trpc.useUtils();
  const list = trpc.admin.chatbots.useQuery({ page });
  const toggle = trpc.admin.setChatBot.useMutation({
    onSuccess: () => Promise.all([utils.admin.chatbots.invalidate(), utils.admin.auditLog.invalidate()]),
  });
  return (
    <section aria-labelledby="chatbot-title" className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="chatbot-title" className="font-display text-xl font-semibold text-ink-900">
          {ADMIN_TEXTS.tabs.chatbots}
        </h2>
        <p className="text-sm text-ink-700">
          {ADMIN_TEXTS.activeChatbots}: <strong className="text-ink-900">{list.data?.activeCount ?? '…'}</strong>
        </p>
      </div>
      {list.data ? (
        <>
          <ul className="grid grid-cols-1 gap-2">
            {list.data.items.map((user) => (
              <li key={user.id} className="flex items-center gap-3 rounded-2xl border border-sand-200 bg-white p-3">
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className="min-w-0 font-semibold text-ink-900">
                    <MemberName name={user.name} />
                  </p>
                  <p className="text-xs text-ink-600">{ROLE_LABELS[user.role]}</p>
                  {user.bioPreview ? <p className="text-sm break-words text-ink-700">{user.bioPreview}</p> : null}
                </div>
                <button
                  type="button"
                  role="switch"
                  aria-checked={user.chatBot}
                  aria-label={`ChatBot for ${user.name}`}
                  disabled={toggle.isPending}
                  onClick={() => toggle.mutate({ userId: user.id, chatBot: !user.chatBot })}
                  className={
                    user.chatBot
                      ? 'min-h-11 shrink-0 rounded-full bg-emerald-700 px-4 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'
                      : 'min-h-11 shrink-0 rounded-full bg-sand-200 px-4 text-sm font-semibold text-ink-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'
                  }
                >
                  {user.chatBot ? ADMIN_TEXTS.enabled : ADMIN_TEXTS.disabled}
                </button>
              </li>
            ))}
          </ul>
          <nav aria-label="ChatBot pages" className="flex items-center justify-between gap-2">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span className="text-sm text-ink-700">
              Page {page} of {Math.max(1, Math.ceil(list.data.total / ADMIN_PAGE_SIZE))}
            </span>
            <Button
              size="sm"
              variant="outline"
              disabled={list.data.nextCursor === null}
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </nav>
        </>
      ) : (
        <LoadingView inline />
      )}
    </section>
  );
}

export function AnalyticsPanel() {
  const analytics = trpc.admin.analytics.useQuery();
  if (!analytics.data) return <LoadingView inline />;
  const { usersPerRole, topRatedSpas, weekly } = analytics.data;
  const most = Math.max(1, ...usersPerRole.map((row) => row.count));
  const weekMost = Math.max(1, ...weekly.flatMap((week) => [week.newMembers, week.reviews]));
  return (
    <section aria-labelledby="analytics-title" className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <h2 id="analytics-title" className="font-display text-xl font-semibold text-ink-900 md:col-span-2">
        {ADMIN_TEXTS.tabs.analytics}
      </h2>
      <div className="grid gap-3 rounded-2xl border border-sand-200 bg-white p-4">
        <h3 className="font-semibold text-ink-900">{ADMIN_TEXTS.usersPerRole}</h3>
        <ul className="grid gap-2">
          {usersPerRole.map((row) => (
            <li key={row.role} className="grid grid-cols-[7rem_1fr_3rem] items-center gap-2 text-sm">
              <span className="text-ink-700">{ROLE_LABELS[row.role]}</span>
              <span className="h-3 rounded-full bg-sand-100" aria-hidden="true">
                <span
                  className="block h-3 rounded-full bg-brand-700"
                  style={{ width: `${(row.count / most) * 100}%` }}
                />
              </span>
              <span className="text-right font-semibold text-ink-900">{row.count}</span>
            </li>
          ))}
        </ul>
      </div>
      <section
        aria-labelledby="top-rated-spas-title"
        className="grid content-start gap-3 rounded-2xl border border-sand-200 bg-white p-4"
      >
        <div className="grid gap-0.5">
          <h3 id="top-rated-spas-title" className="font-semibold text-ink-900">
            {ADMIN_TEXTS.topRatedSpas}
          </h3>
          <p className="text-xs text-ink-600">Ranked by rating weighed by how many reviews it rests on.</p>
        </div>
        {topRatedSpas.length === 0 ? (
          <p className="text-sm text-ink-700">No rated spas yet.</p>
        ) : (
          <ol className="grid gap-2">
            {topRatedSpas.map((spa, index) => (
              <li key={spa.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0 break-words text-ink-800">
                  {index + 1}. {spa.name}
                </span>
                <Rating average={spa.averageRating} count={spa.reviewCount} className="shrink-0" />
              </li>
            ))}
          </ol>
        )}
      </section>
      <div className="grid gap-3 rounded-2xl border border-sand-200 bg-white p-4 md:col-span-2">
        <h3 className="font-semibold text-ink-900">{ADMIN_TEXTS.weekly}</h3>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-ink-600">
              <th scope="col" className="font-medium">
                Week of
              </th>
              <th scope="col" className="font-medium">
                New members
              </th>
              <th scope="col" className="font-medium">
                Reviews
              </th>
            </tr>
          </thead>
          <tbody>
            {weekly.map((week) => (
              <tr key={week.weekStart}>
                <th scope="row" className="py-1 pr-2 text-left font-normal text-ink-700">
                  {formatDate(week.weekStart)}
                </th>
                {[week.newMembers, week.reviews].map((count, column) => (
                  <td key={column} className="py-1 pr-2">
                    <span className="flex items-center gap-2">
                      <span
                        className="h-2 rounded-full bg-brand-700"
                        style={{ width: `${(count / weekMost) * 6}rem` }}
                        aria-hidden="true"
                      />
                      <span className="text-ink-900">{count}</span>
                    </span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
