// A member's name as a badge in the profile's lists: a link to their profile by slug, else by id (none for a former
// member, whose slug and id are null), an optional kind (Reviewer, Spa), the date (No Date when the record has none) under the name, and an
// optional line of detail (a reason). A gift that follows a visit carries the Verified visit badge beside the date.
import { Link } from '@tanstack/react-router';
import type { MemberLink } from '../../../common/profile.ts';
import { formatDate } from '../../lib/format.ts';
import { MemberName } from '../member-name.tsx';
import { VerifiedVisitBadge } from '../visits/verified-visit.tsx';

/** A member's name as a badge linking to their profile, with the date (No Date when missing). No slug nor id: no link. */
export function MemberBadge({
  member,
  date,
  detail,
  kind,
  verifiedVisit = false,
}: {
  member: MemberLink;
  date: number | null | undefined;
  detail?: string | null;
  kind?: string;
  /** The record follows a visit the client side recorded (its payload's `verifiedVisit`). */
  verifiedVisit?: boolean;
}) {
  // The name has the badge's whole width (the date sits under it), so it is cut only when it truly does not fit,
  // and then with a tooltip holding the whole name (MemberName).
  const profileSlug = member.slug || (member.id === null ? null : String(member.id));
  const label = (
    <>
      {kind ? (
        <span className="shrink-0 rounded-full bg-sand-100 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-ink-700 uppercase">
          {kind}
        </span>
      ) : null}
      <MemberName name={member.name} className="min-w-0 flex-1" />
    </>
  );
  return (
    <div className="grid min-w-0 grid-cols-1 gap-0.5 rounded-2xl border border-sand-200 bg-white px-3 py-2 shadow-sm">
      {profileSlug === null ? (
        <span className="flex min-h-11 min-w-0 items-center gap-2 font-semibold text-ink-700">{label}</span>
      ) : (
        <Link
          to="/profile/$userSlug"
          params={{ userSlug: profileSlug }}
          className="flex min-h-11 min-w-0 items-center gap-2 font-semibold text-ink-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {label}
        </Link>
      )}
      <span className="flex flex-wrap items-center gap-2 text-xs text-ink-600">
        {formatDate(date)}
        <VerifiedVisitBadge verified={verifiedVisit} />
      </span>
      {detail ? <p className="text-sm break-words text-ink-700 [overflow-wrap:anywhere]">{detail}</p> : null}
    </div>
  );
}
