// A titled list of recognition entries (medals, red flags, stars, flowers, transactions): the other member's
// badge, the date, the reason and any extra line; an empty state in the spec's words. An entry that follows a visit the
// client side recorded carries the Verified visit badge, and a list with one says what the badge means.
import type { ReactNode } from 'react';
import { historySides, RECOGNITION_RULES, type HistorySide } from '../../../common/recognition.ts';
import type { Role } from '../../../common/roles.ts';
import { httpStatusOf, serverMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { VerifiedVisitBadge, VerifiedVisitLegend } from '../visits/verified-visit.tsx';
import { MemberChip } from './member-chip.tsx';

export interface HistoryItem {
  id: number;
  /** A former member (deleted account) has no slug and no link. */
  member: { name: string; slug: string | null; role: Role; picture: string | null };
  createdAt: number;
  reason: string | null;
  verifiedVisit: boolean;
  extra?: ReactNode;
  badge?: ReactNode;
}

export function HistoryList({ title, empty, items }: { title: string; empty: string; items: HistoryItem[] }) {
  const headingId = `history-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="font-display text-lg font-semibold text-ink-900">
        {title} <span className="text-sm font-normal text-ink-600">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-sand-300 bg-white px-4 py-6 text-center text-sm text-ink-600">
          {empty}
        </p>
      ) : (
        <>
          {items.some((item) => item.verifiedVisit) ? <VerifiedVisitLegend /> : null}
          <ul className="grid gap-2">
            {items.map((item) => (
              <li key={item.id} className="grid gap-1.5 rounded-2xl border border-sand-200 bg-white p-3 shadow-sm">
                <div className="flex items-center justify-between gap-2">
                  <MemberChip
                    name={item.member.name}
                    slug={item.member.slug}
                    role={item.member.role}
                    picture={item.member.picture}
                  />
                  <span className="flex shrink-0 items-center gap-1.5 text-xs text-ink-600">
                    {item.badge}
                    {formatDate(item.createdAt)}
                  </span>
                </div>
                <VerifiedVisitBadge verified={item.verifiedVisit} className="justify-self-start" />
                {item.reason ? <p className="text-sm text-ink-800 [overflow-wrap:anywhere]">{item.reason}</p> : null}
                {item.extra}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * Whose history a screen shows: the viewer's own (no slug, or their own), another member's once the answer names
 * them, or not known yet (another member's page still loading, or refused): such a screen is never titled "My ...".
 */
export function historyOwner(
  userSlug: string | undefined,
  member: { id: number } | undefined,
  me: { id: number; slug: string } | null | undefined,
): 'own' | 'other' | 'unknown' {
  if (!userSlug) return 'own';
  if (member) return member.id === me?.id ? 'own' : 'other';
  return userSlug === me?.slug ? 'own' : 'unknown';
}

/**
 * A medals or red flags screen's title (spec, "Medal history: /medals/:userSlug?" and
 * "Red flag history: /red-flags/:userSlug"), by its owner and whether their role gives the kind: My Medals, Medals
 * I've Given, Ana's Medals, Medals Ana Has Given; the bare noun while the owner is not known.
 */
export function sidedHistoryTitle(
  kind: 'medal' | 'red_flag',
  noun: string,
  owner: ReturnType<typeof historyOwner>,
  role: Role | undefined,
  name: string | undefined,
): string {
  if (owner === 'unknown' || !role) return noun;
  const gives = role === RECOGNITION_RULES[kind].giver;
  if (owner === 'own') return gives ? `${noun} I've Given` : `My ${noun}`;
  return gives ? `${noun} ${name} Has Given` : `${name}'s ${noun}`;
}

interface SidedEntry {
  id: number;
  createdAt: number;
  reason: string | null;
  verifiedVisit: boolean;
  /** The other member: the recipient of an entry given, the giver of one received. */
  recipient?: { name: string; slug: string | null; role: Role; profileImageUrl: string | null } | null;
  giver?: SidedEntry['recipient'];
}

/**
 * The given and received lists of a medals or red flags screen, each only where the owner's role can fill it
 * (historySides); `decorate` adds an entry's badge and extra lines.
 */
export function SidedHistoryLists<Entry extends SidedEntry>({
  kind,
  noun,
  empty,
  history,
  decorate,
}: {
  kind: 'medal' | 'red_flag';
  noun: string;
  empty: Record<HistorySide, string>;
  history: { user: { role: Role }; given: Entry[]; received: Entry[] };
  decorate?: (entry: Entry, side: HistorySide) => Pick<HistoryItem, 'badge' | 'extra'>;
}) {
  return (
    <div className="grid gap-6">
      {historySides(kind, history.user.role, { given: history.given.length, received: history.received.length }).map(
        (side) => (
          <HistoryList
            key={side}
            title={side === 'given' ? `${noun} Given` : `${noun} Received`}
            empty={empty[side]}
            items={history[side].map((entry) => {
              const other = (side === 'given' ? entry.recipient : entry.giver)!;
              return {
                id: entry.id,
                member: { name: other.name, slug: other.slug, role: other.role, picture: other.profileImageUrl },
                createdAt: entry.createdAt,
                reason: entry.reason,
                verifiedVisit: entry.verifiedVisit,
                ...decorate?.(entry, side),
              };
            })}
          />
        ),
      )}
    </div>
  );
}

/** A history screen's "member not found" and error states. */
export function HistoryProblem({ error }: { error: unknown }) {
  return (
    <p
      role="alert"
      className="rounded-2xl border border-sand-200 bg-white px-4 py-8 text-center text-base text-ink-700"
    >
      {httpStatusOf(error) === 404
        ? 'User not found.'
        : serverMessage(error, 'Something went wrong. Please try again.')}
    </p>
  );
}
