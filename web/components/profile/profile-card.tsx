// The profile card (spec, "Profile: /profile and /profile/{userSlug}"): the picture (tapping it opens a larger view
// with the name, the premium crown, Member #{number} or N/A and the role), the name, the crown with Premium Member,
// the member number badge, the role and the Licensed badge (with what it means), on the viewed member's role
// colours; a spa's rating (★ 4.3 (12)) under them.
// Below them, the clock that refreshes every 60 seconds: Manila time, and for a spa with opening hours whether it is
// open now.
import { useState, type ReactNode } from 'react';
import { LICENCE_TEXTS, type LicenceBadge } from '../../../common/licences.ts';
import { PROFILE_CLOCK_TICK_MS } from '../../../common/limits.ts';
import { isOpenAt, type WeeklyHours } from '../../../common/opening-hours.ts';
import type { Role } from '../../../common/roles.ts';
import { ROLE_LABELS } from '../../../common/roles.ts';
import { cn } from '../../lib/cn.ts';
import { formatTime } from '../../lib/format.ts';
import { ROLE_THEME } from '../../lib/role-theme.ts';
import { useNow } from '../../lib/use-now.ts';
import { Avatar } from '../avatar.tsx';
import { MemberName } from '../member-name.tsx';
import { ClockIcon, CrownIcon } from '../icons.tsx';
import { LicensedBadge } from '../licences/licence-badge.tsx';
import { Rating } from '../rating.tsx';
import { RoleBadge } from '../role-badge.tsx';
import { Dialog } from '../ui/dialog.tsx';

export interface ProfileCardMember {
  name: string;
  role: Role;
  profilePic: string | null;
  isPremium: boolean;
  memberNumber: number | null;
  openingHours: WeeklyHours | null;
  /** A spa's rating from its reviews, shown under its badges (other roles have none). */
  rating?: { average: number | null; count: number };
  /** The approved, unexpired licence behind the Licensed badge; null without one. */
  licence: LicenceBadge | null;
}

const memberNumberText = (memberNumber: number | null) => (memberNumber ? `Member #${memberNumber}` : 'N/A');

export function PremiumLine({ className }: { className?: string }) {
  return (
    <p
      className={cn('inline-flex items-center justify-center gap-1.5 text-sm font-semibold text-amber-800', className)}
    >
      <CrownIcon size={18} className="text-amber-600" />
      Premium Member
    </p>
  );
}

/** `action`: what the viewer can do with this member from the card (Save to a list, or one's own favourites). */
export function ProfileCard({ member, action }: { member: ProfileCardMember; action?: ReactNode }) {
  const [viewing, setViewing] = useState(false);
  const now = useNow(PROFILE_CLOCK_TICK_MS);
  const open = member.openingHours ? isOpenAt(member.openingHours, now) : null;
  return (
    <section
      aria-label="Profile card"
      className="overflow-hidden rounded-3xl border border-sand-200 bg-white shadow-sm"
    >
      <div className={cn('h-24', ROLE_THEME[member.role].band)} aria-hidden="true" />
      <div className="-mt-12 flex flex-col items-center gap-3 px-5 pb-5 text-center">
        <button
          type="button"
          onClick={() => setViewing(true)}
          aria-label={`View ${member.name}'s picture`}
          className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <Avatar
            name={member.name}
            picture={member.profilePic}
            role={member.role}
            size={96}
            className="ring-4 ring-white"
          />
        </button>
        <div className="grid w-full min-w-0 gap-1">
          <h2 className="w-full min-w-0 font-display text-2xl font-semibold text-ink-900">
            <MemberName name={member.name} />
          </h2>
          {member.isPremium ? <PremiumLine /> : null}
        </div>
        <div className="flex flex-wrap items-center justify-center gap-2">
          <span className="inline-flex items-center rounded-full bg-sand-100 px-2.5 py-0.5 text-xs font-semibold text-ink-800 ring-1 ring-sand-300 ring-inset">
            {memberNumberText(member.memberNumber)}
          </span>
          <RoleBadge role={member.role} />
          <LicensedBadge licence={member.licence} />
        </div>
        {member.licence ? <p className="max-w-sm text-xs text-ink-600">{LICENCE_TEXTS.badgeExplanation}</p> : null}
        {member.rating ? (
          <Rating average={member.rating.average} count={member.rating.count} className="text-base" />
        ) : null}
        <p
          className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-sm text-ink-700"
          aria-label="Clock"
        >
          <ClockIcon size={16} className="text-ink-500" />
          <span>
            <time dateTime={new Date(now).toISOString()}>{formatTime(now)}</time> Manila time
          </span>
          {open === null ? null : (
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
                open ? 'bg-green-50 text-green-800 ring-green-200' : 'bg-sand-100 text-ink-700 ring-sand-300',
              )}
            >
              {open ? 'Open now' : 'Closed now'}
            </span>
          )}
        </p>
        {action}
      </div>
      <Dialog open={viewing} onOpenChange={setViewing} title={<span className="block truncate">{member.name}</span>}>
        <div className="flex flex-col items-center gap-3 text-center">
          {member.profilePic ? (
            <img
              src={member.profilePic}
              alt={`${member.name}'s picture`}
              className="aspect-square w-full max-w-xs rounded-3xl object-cover"
            />
          ) : (
            <Avatar name={member.name} picture={null} role={member.role} size={200} />
          )}
          {member.isPremium ? <PremiumLine /> : null}
          <p className="text-sm font-semibold text-ink-800">{memberNumberText(member.memberNumber)}</p>
          <p className="text-sm text-ink-700">{ROLE_LABELS[member.role]}</p>
        </div>
      </Dialog>
    </section>
  );
}
