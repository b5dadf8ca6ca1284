// The profile's other panels (spec, "Profile: /profile and /profile/{userSlug}"): the about text under its role
// heading, the Contact tab (email on one's own profile only, with a new one waiting for its confirmation link, phone,
// address for spa and therapist profiles, the seven handles as links that open their app), the Spa Location card with
// See Live Location on Map, and the Write a Review card for the viewers the spec names.
import { Link } from '@tanstack/react-router';
import type { CurrentUser } from '../../../common/account.ts';
import { handleLink, phoneLink } from '../../../common/contact-links.ts';
import { WEEK_DAY_NAMES, WEEK_DAYS, type WeeklyHours } from '../../../common/opening-hours.ts';
import { CONTACT_HANDLES, PROFILE_TEXTS, roleTexts, type PublicProfile } from '../../../common/profile.ts';
import type { Role } from '../../../common/roles.ts';
import { cn } from '../../lib/cn.ts';
import { formatPhone } from '../../lib/format.ts';
import { ROLE_THEME } from '../../lib/role-theme.ts';
import { MapIcon, PinIcon, StarIcon } from '../icons.tsx';
import { buttonClasses } from '../ui/button.tsx';
import { PendingEmailNotice } from '../privacy/pending-email.tsx';
import { PremiumLine } from './profile-card.tsx';
import { EmptyText, TabHeading } from './profile-lists.tsx';

export function AboutPanel({ profile, own }: { profile: PublicProfile; own: boolean }) {
  return (
    <section
      aria-label={roleTexts(profile.role).aboutHeading}
      className="grid grid-cols-1 gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      {profile.isPremium ? <PremiumLine className="justify-self-start" /> : null}
      <TabHeading>{roleTexts(profile.role).aboutHeading}</TabHeading>
      {profile.aboutMe ? (
        <p className="leading-relaxed whitespace-pre-line text-ink-800 [overflow-wrap:anywhere]">{profile.aboutMe}</p>
      ) : (
        <p className="text-sm text-ink-700">
          {own ? 'Nothing here yet. Tell the community about yourself in Edit Profile.' : 'Nothing written here yet.'}
        </p>
      )}
    </section>
  );
}

export function OpeningHoursTable({ hours }: { hours: WeeklyHours }) {
  return (
    <section
      aria-label="Opening hours"
      className="grid grid-cols-1 gap-2 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      <TabHeading>Opening Hours</TabHeading>
      <p className="text-xs text-ink-600">Manila time</p>
      <dl className="grid grid-cols-1 gap-1 text-sm">
        {WEEK_DAYS.map((day) => (
          <div key={day} className="flex justify-between gap-3">
            <dt className="text-ink-700">{WEEK_DAY_NAMES[day]}</dt>
            <dd className="text-right font-medium text-ink-900">
              {hours[day].length === 0 ? 'Closed' : hours[day].map(([open, close]) => `${open}–${close}`).join(', ')}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The spa's address and a way to its live location on the map. */
export function SpaLocationCard({ profile }: { profile: Pick<PublicProfile, 'address' | 'slug' | 'role'> }) {
  return (
    <section
      aria-label="Spa Location"
      className="grid grid-cols-1 gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      <TabHeading>Spa Location</TabHeading>
      <p className="flex items-start gap-2 text-sm text-ink-800 [overflow-wrap:anywhere]">
        <PinIcon size={18} className="mt-0.5 shrink-0 text-ink-500" />
        {profile.address ?? PROFILE_TEXTS.noAddress}
      </p>
      <Link
        to="/map"
        search={{ focus: profile.slug }}
        className={buttonClasses('outline', 'md', cn('justify-self-start', ROLE_THEME[profile.role].accentText))}
      >
        <MapIcon size={18} />
        See Live Location on Map
      </Link>
    </section>
  );
}

interface ContactRow {
  label: string;
  value: string;
  href: string | null;
}

/** `own`: the viewer's own e-mail address (only they see it) and any new one waiting for its confirmation link. */
export function ContactPanel({
  profile,
  own,
}: {
  profile: PublicProfile;
  own: Pick<CurrentUser, 'email' | 'pendingEmail'> | null;
}) {
  const ownEmail = own?.email;
  const rows: ContactRow[] = [];
  if (ownEmail) rows.push({ label: 'Email', value: ownEmail, href: `mailto:${ownEmail}` });
  if (profile.phoneNumber)
    rows.push({ label: 'Phone', value: formatPhone(profile.phoneNumber), href: phoneLink(profile.phoneNumber) });
  if (profile.address && (profile.role === 'spa_management' || profile.role === 'therapist')) {
    rows.push({ label: 'Address', value: profile.address, href: null });
  }
  for (const { key, label } of CONTACT_HANDLES) {
    const value = profile[key];
    if (value) rows.push({ label, value, href: handleLink(key, value) });
  }
  return (
    <section aria-label="Contact" className="grid grid-cols-1 gap-3">
      <TabHeading>Contact</TabHeading>
      {own ? <PendingEmailNotice user={own} cancellable={false} /> : null}
      {rows.length === 0 ? (
        <EmptyText>{PROFILE_TEXTS.noContact}</EmptyText>
      ) : (
        <dl className="grid grid-cols-1 gap-2">
          {rows.map((row) => (
            <div
              key={row.label}
              className="grid grid-cols-1 gap-0.5 rounded-2xl border border-sand-200 bg-white px-4 py-2.5 shadow-sm"
            >
              <dt className="text-xs font-semibold tracking-wide text-ink-600 uppercase">{row.label}</dt>
              <dd className="min-w-0 text-ink-900 [overflow-wrap:anywhere]">
                {row.href ? (
                  <a
                    href={row.href}
                    target={row.href.startsWith('http') ? '_blank' : undefined}
                    rel={row.href.startsWith('http') ? 'noopener noreferrer' : undefined}
                    className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2"
                  >
                    {row.value}
                  </a>
                ) : (
                  row.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/**
 * Write a Review: for a client on a therapist's or a spa's profile, and for spa management on a client's
 * profile (where the review can come with a Medal or a Red Flag).
 */
export function WriteReviewCard({
  viewerRole,
  target,
}: {
  viewerRole: Role;
  target: Pick<PublicProfile, 'role' | 'slug' | 'name'>;
}) {
  const clientReviewing = viewerRole === 'client' && (target.role === 'therapist' || target.role === 'spa_management');
  const spaReviewingClient = viewerRole === 'spa_management' && target.role === 'client';
  if (!clientReviewing && !spaReviewingClient) return null;
  return (
    <section
      aria-label="Write a Review"
      className="grid grid-cols-1 gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      <p className="text-sm text-ink-700">
        {spaReviewingClient
          ? 'Share how this client was as a guest. Red Flags or Medals can be awarded with your review.'
          : target.role === 'therapist'
            ? `Had a session with ${target.name}? Tell other members how it went.`
            : `Been to ${target.name}? Tell other members about your visit.`}
      </p>
      <Link
        to="/write-review/$userSlug"
        params={{ userSlug: target.slug }}
        className={buttonClasses('primary', 'md', cn('justify-self-start', ROLE_THEME[target.role].accent))}
      >
        <StarIcon size={18} />
        Write a Review
      </Link>
    </section>
  );
}
