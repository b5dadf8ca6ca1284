// A member's badge in lists: picture or initial, the name truncated with its full text kept in the title, and
// a link to their profile; a former member (deleted account, no slug) is shown without a link.
import { Link } from '@tanstack/react-router';
import type { Role } from '../../../common/roles.ts';
import { Avatar } from '../avatar.tsx';

export function MemberChip({
  name,
  slug,
  role,
  picture,
  detail,
}: {
  name: string;
  slug: string | null;
  role: Role;
  picture: string | null;
  detail?: string;
}) {
  const content = (
    <>
      <Avatar name={name} picture={picture} role={role} size={36} />
      <span className="grid min-w-0">
        <span className="truncate text-sm font-semibold text-ink-900">{name}</span>
        {detail ? <span className="truncate text-xs text-ink-600">{detail}</span> : null}
      </span>
    </>
  );
  if (slug === null) {
    return (
      <span title={name} className="flex min-h-11 min-w-0 items-center gap-2">
        {content}
      </span>
    );
  }
  return (
    <Link
      to="/profile/$userSlug"
      params={{ userSlug: slug }}
      title={name}
      className="flex min-h-11 min-w-0 items-center gap-2 rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {content}
    </Link>
  );
}
