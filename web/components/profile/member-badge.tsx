// A member's name as a badge in the profile's lists: a link to their profile (none for a former member, whose
// slug is null), an optional kind (Reviewer, Spa), the date (No Date when the record has none), and an optional
// line of detail (a reason).
import { Link } from '@tanstack/react-router';
import { formatDate } from '../../lib/format.ts';

/** A member's name as a badge linking to their profile, with the date (No Date when missing). A null slug: no link. */
export function MemberBadge({
  member,
  date,
  detail,
  kind,
}: {
  member: { id: number; name: string; slug?: string | null };
  date: number | null | undefined;
  detail?: string | null;
  kind?: string;
}) {
  const label = (
    <>
      {kind ? (
        <span className="shrink-0 rounded-full bg-sand-100 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-ink-700 uppercase">{kind}</span>
      ) : null}
      <span className="truncate">{member.name}</span>
    </>
  );
  return (
    <div className="flex min-w-0 items-center justify-between gap-3 rounded-2xl border border-sand-200 bg-white px-3 py-2 shadow-sm">
      <div className="grid min-w-0 gap-0.5">
        {member.slug === null ? (
          <span title={member.name} className="inline-flex min-h-11 min-w-0 items-center gap-2 font-semibold text-ink-700">
            {label}
          </span>
        ) : (
          <Link
            to="/profile/$userSlug"
            params={{ userSlug: member.slug || String(member.id) }}
            title={member.name}
            className="inline-flex min-h-11 min-w-0 items-center gap-2 font-semibold text-ink-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {label}
          </Link>
        )}
        {detail ? <p className="text-sm break-words text-ink-700 [overflow-wrap:anywhere]">{detail}</p> : null}
      </div>
      <span className="shrink-0 text-xs text-ink-600">{formatDate(date)}</span>
    </div>
  );
}
