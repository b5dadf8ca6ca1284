// Moderation (beyond the spec): one queue of chat reports (with their stored transcript),
// review reports and red flag disputes, open or handled, each with its state and who handled it, and the
// decisions that fit it; and the audit log of every admin action, which nobody can edit.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  ADMIN_TEXTS,
  AUDIT_ACTION_LABELS,
  MODERATION_ACTION_LABELS,
  REPORT_KIND_LABELS,
  type ModerationAction,
  type ModerationItem,
} from '../../../common/admin.ts';
import { REVIEW_REPORT_REASONS } from '../../../common/review-reports.ts';
import { serverMessage } from '../../lib/errors.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { trpc } from '../../trpc.ts';
import { LoadingView } from '../loading-view.tsx';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { StateFilter } from './state-filter.tsx';
import { toast } from '../ui/use-toast.ts';

export function ModerationQueue() {
  const [state, setState] = useState<'open' | 'handled'>('open');
  const queue = trpc.admin.moderationQueue.useQuery({ state });
  return (
    <section aria-labelledby="moderation-title" className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="moderation-title" className="font-display text-xl font-semibold text-ink-900">
          {ADMIN_TEXTS.tabs.moderation}
        </h2>
        <StateFilter
          label="Reports shown"
          states={['open', 'handled'] as const}
          value={state}
          onChange={setState}
          labelOf={(each) => (each === 'open' ? 'Open' : 'Handled')}
        />
      </div>
      {!queue.data ? (
        <LoadingView inline />
      ) : queue.data.length === 0 ? (
        <p className="rounded-2xl border border-sand-200 bg-white p-6 text-center text-ink-700">
          {ADMIN_TEXTS.noReports}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {queue.data.map((item) => (
            <ReportCard key={`${item.kind}-${item.id}`} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportCard({ item }: { item: ModerationItem }) {
  const utils = trpc.useUtils();
  // A ban asks first, in the app's confirm dialog; the other actions go at once.
  const [askingBan, setAskingBan] = useState(false);
  const resolve = trpc.admin.resolveReport.useMutation({
    onSuccess: (_, { action }) => {
      setAskingBan(false);
      toast({ variant: 'success', title: MODERATION_ACTION_LABELS[action] });
      void Promise.all([
        utils.admin.moderationQueue.invalidate(),
        utils.admin.auditLog.invalidate(),
        utils.admin.stats.invalidate(),
      ]);
    },
  });
  const decide = (action: ModerationAction) => {
    if (action === 'ban' && item.subject) {
      resolve.reset();
      setAskingBan(true);
      return;
    }
    resolve.mutate({ kind: item.kind, id: item.id, action });
  };
  const reason =
    item.kind === 'review'
      ? (REVIEW_REPORT_REASONS[item.reason as keyof typeof REVIEW_REPORT_REASONS] ?? item.reason)
      : item.reason;
  return (
    <li
      className="grid grid-cols-1 gap-2 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
      aria-label={`${REPORT_KIND_LABELS[item.kind]} ${item.id}`}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-sand-100 px-2 py-0.5 font-semibold text-ink-800">
          {REPORT_KIND_LABELS[item.kind]}
        </span>
        <span className="rounded-full bg-brand-50 px-2 py-0.5 font-semibold text-brand-800">{item.state}</span>
        <span className="text-ink-600">{formatDate(item.createdAt)}</span>
      </div>
      <p className="text-sm break-words text-ink-800">
        <MemberName member={item.reporter} /> {item.kind === 'dispute' ? 'disputes a red flag' : 'reported'}
        {item.subject ? (
          <>
            {item.kind === 'dispute' ? ' from ' : ' '}
            <MemberName member={item.subject} />
            {item.subject.isBanned ? ` (${ADMIN_TEXTS.banned})` : ''}
          </>
        ) : null}
      </p>
      <p className="text-sm break-words text-ink-800">
        <span className="font-semibold">{item.kind === 'dispute' ? 'Statement' : 'Reason'}:</span> {reason}
        {item.note ? ` — ${item.note}` : ''}
      </p>
      {item.review ? (
        <blockquote className="rounded-xl bg-sand-50 p-3 text-sm break-words text-ink-800">
          <p className="mb-1 text-xs text-ink-600">
            Review of {item.review.targetName}
            {item.review.removed ? ' · removed' : ''}
          </p>
          {item.review.text}
        </blockquote>
      ) : null}
      {item.kind === 'dispute' ? (
        <p className="text-sm text-ink-700">
          {item.redFlag ? `Red flag: ${item.redFlag.reason ?? 'no reason given'}` : 'The red flag was removed.'}
        </p>
      ) : null}
      {item.transcript ? (
        <details className="rounded-xl bg-sand-50 p-3 text-sm">
          <summary className="cursor-pointer font-semibold text-ink-800">
            Transcript ({item.transcript.length} messages)
          </summary>
          <ol className="mt-2 grid gap-1">
            {item.transcript.map((message, index) => (
              <li key={index} className="break-words text-ink-800">
                <span className="font-semibold">{message.from}</span>
                {message.at ? <span className="text-xs text-ink-600"> {formatTime(message.at)}</span> : null}:{' '}
                {message.text}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {item.handledBy ? (
        <p className="text-xs text-ink-600">
          Handled by {item.handledBy.name}
          {item.handledAt ? ` on ${formatDate(item.handledAt)}` : ''}
        </p>
      ) : null}
      {item.actions.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {item.actions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'dismiss' ? 'outline' : 'destructive'}
              disabled={resolve.isPending}
              onClick={() => decide(action)}
            >
              {MODERATION_ACTION_LABELS[action]}
            </Button>
          ))}
        </div>
      ) : null}
      {askingBan && item.subject ? (
        <ConfirmDialog
          title={ADMIN_TEXTS.banTitle(item.subject.name)}
          description={ADMIN_TEXTS.banDescription}
          confirmLabel={ADMIN_TEXTS.ban}
          pendingLabel={ADMIN_TEXTS.banning}
          pending={resolve.isPending}
          error={resolve.error ? serverMessage(resolve.error, 'Please try again.') : null}
          onConfirm={() => resolve.mutate({ kind: item.kind, id: item.id, action: 'ban' })}
          onCancel={() => setAskingBan(false)}
        />
      ) : null}
    </li>
  );
}

export function AuditLog() {
  const log = trpc.admin.auditLog.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="audit-title" className="grid grid-cols-1 gap-3">
      <h2 id="audit-title" className="font-display text-xl font-semibold text-ink-900">
        {ADMIN_TEXTS.tabs.audit}
      </h2>
      {!log.data ? (
        <LoadingView inline />
      ) : entries.length === 0 ? (
        <p className="text-ink-700">No admin actions yet.</p>
      ) : (
        <ol className="grid grid-cols-1 gap-2">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="rounded-2xl border border-sand-200 bg-white p-3 text-sm break-words text-ink-800"
            >
              <span className="font-semibold">{entry.actorName}</span> ·{' '}
              {AUDIT_ACTION_LABELS[entry.action] ?? entry.action}
              {entry.targetLabel
                ? ` · ${entry.targetLabel}`
                : entry.targetId
                  ? ` · ${entry.targetType} #${entry.targetId}`
                  : ''}
              <span className="block text-xs text-ink-600">
                {formatDate(entry.createdAt)} {formatTime(entry.createdAt)}
              </span>
            </li>
          ))}
        </ol>
      )}
      {log.hasNextPage ? (
        <Button variant="outline" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          Show more
        </Button>
      ) : null}
    </section>
  );
}

/** A member named in a report: a link to their profile, or the name alone for a former member (deleted account). */
function MemberName({ member }: { member: { name: string; slug: string | null } }) {
  if (member.slug === null) return <span className="font-semibold text-ink-800">{member.name}</span>;
  return (
    <Link
      to="/profile/$userSlug"
      params={{ userSlug: member.slug }}
      className="font-semibold text-brand-800 hover:underline"
    >
      {member.name}
    </Link>
  );
}
