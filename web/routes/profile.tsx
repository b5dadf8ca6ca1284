// /profile, /profile/{slug} and /spa/{slug} (spec, "Profile: /profile and /profile/{userSlug}"). No slug, or the
// viewer's own slug, is the viewer's own profile (Edit and Logout); anyone else's has Back and "{name}'s Profile".
// The route loader has already asked for the profile and its stats (one request); lists load when their tab opens.
// The screen follows the viewed member's role colours, shows skeletons while loading, User not found for a missing
// member, and "Please log in to view your profile." (someone else's: "... this profile.") with a way to sign in or
// register and come back, when nobody is signed in. `?refresh=true` (after editing an address) fetches everything
// again. A renamed member's old slug is replaced by the current one. A spa's or therapist's profile has a Save button
// (favourites lists); one's own has the way to them. Beyond the spec come the lineup (spa and therapist profiles),
// the way to Analytics (one's own spa) and, for a premium viewer, the member's chat presence with a Chat button. The
// sections are one sticky, sideways-scrolling tab bar with the open section right under it
// (components/profile/profile-tab-bar.tsx). One's own profile leads to Privacy and account, and a therapist's or
// spa's to their Licences; a Licensed member's card carries the badge and what it means. Verified visits: a spa's
// own profile leads to its Visit code, a client's to their visits, and a client on a spa's profile records one.
import { Link, useNavigate, useParams, useSearch, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { LICENCE_KINDS_BY_ROLE } from '../../common/licences.ts';
import { LICENCE_SCREEN_TEXTS } from '../../common/licence-screens.ts';
import { PRIVACY_TEXTS } from '../../common/privacy.ts';
import { PROFILE_TEXTS, profileSections, type ProfileStats, type PublicProfile } from '../../common/profile.ts';
import { profileTabRows, type ProfileTabKey } from '../../common/profile-tabs.ts';
import type { CurrentUser } from '../../common/account.ts';
import { ErrorFallback, SessionErrorView } from '../components/error-views.tsx';
import { SaveButton } from '../components/favorites/save-button.tsx';
import { HeartIcon, PinIcon, ShieldIcon } from '../components/icons.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { NoticePanel, PageShell, SignInNotice } from '../components/page-shell.tsx';
import { EntryCard } from '../components/profile/entry-card.tsx';
import { LineupPanel } from '../components/profile/lineup-panel.tsx';
import { ProfileChat } from '../components/profile/profile-chat.tsx';
import { ProfileCard } from '../components/profile/profile-card.tsx';
import { ProfileTabBar } from '../components/profile/profile-tab-bar.tsx';
import {
  CountBadge,
  GivenList,
  GiversList,
  ListSkeleton,
  MedalsAwardedList,
  ReceivedList,
  ReviewsList,
} from '../components/profile/profile-lists.tsx';
import {
  AboutPanel,
  ContactPanel,
  OpeningHoursTable,
  SpaLocationCard,
  WriteReviewCard,
} from '../components/profile/profile-panels.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { TabPanel } from '../components/ui/tabs.tsx';
import { VisitEntry } from '../components/visits/visit-entry.tsx';
import { httpStatusOf } from '../lib/errors.ts';
import { PROFILE_QUERY, profileRef, STATS_QUERY } from '../lib/profile-queries.ts';
import { ROLE_THEME } from '../lib/role-theme.ts';
import { useLogout, useSessionUser } from '../lib/session.ts';
import { trpc } from '../trpc.ts';

export function ProfilePage() {
  const session = useSessionUser();
  if (session.isPending) return <LoadingView />;
  if (session.isError && session.data === undefined) {
    return <SessionErrorView onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  }
  if (!session.data) return <SignedOutProfile />;
  return <ProfileScreen me={session.data} />;
}

/**
 * Nobody signed in: one's own profile asks to log in; someone else's says "Please log in to view this profile.". Sign
 * in and Create account come back to this address once done (the auth form's `redirect`).
 */
function SignedOutProfile() {
  const { userSlug } = useParams({ strict: false });
  return (
    <SignInNotice title="Profile">{userSlug ? PROFILE_TEXTS.pleaseLogInOther : PROFILE_TEXTS.pleaseLogIn}</SignInNotice>
  );
}

function OwnActions() {
  const { logout, isPending } = useLogout();
  return (
    <>
      <Link to="/edit-profile" className={buttonClasses('outline', 'sm', 'min-h-11')}>
        Edit
      </Link>
      <Button variant="secondary" size="sm" className="min-h-11" onClick={logout} disabled={isPending}>
        {isPending ? 'Logging out...' : 'Logout'}
      </Button>
    </>
  );
}

function ProfileScreen({ me }: { me: CurrentUser }) {
  const { userSlug } = useParams({ strict: false });
  const search = useSearch({ strict: false }) as { refresh?: boolean };
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const ownAddress = !userSlug || userSlug === me.slug;
  const ref = profileRef(ownAddress ? undefined : userSlug);
  const profile = trpc.profiles.profile.useQuery(ref, PROFILE_QUERY);
  const stats = trpc.profiles.stats.useQuery(ref, STATS_QUERY);

  // ?refresh=true: fetch the member, the profile and the stats again, then drop the flag from the address.
  useEffect(() => {
    if (!search.refresh) return;
    void Promise.all([utils.account.me.invalidate(), utils.profiles.invalidate()]);
    void navigate({ to: '.', search: {}, replace: true });
  }, [search.refresh, utils, navigate]);

  // An old slug of a renamed member: show the current one in the address.
  const currentSlug = profile.data?.slug;
  useEffect(() => {
    if (!userSlug || !currentSlug || currentSlug === userSlug || ownAddress) return;
    void navigate({ to: '.', params: { userSlug: currentSlug }, replace: true });
  }, [userSlug, currentSlug, ownAddress, navigate]);

  if (profile.isError) {
    if (httpStatusOf(profile.error) === 401) return <SignedOutProfile />;
    return (
      <PageShell title="Profile" back="history">
        <NoticePanel
          icon={<PinIcon size={28} />}
          action={
            <Link to="/" className={buttonClasses('outline')}>
              Go Home
            </Link>
          }
        >
          {PROFILE_TEXTS.userNotFound}
        </NoticePanel>
      </PageShell>
    );
  }

  const own = ownAddress || profile.data?.id === me.id;
  const title = own ? 'My Profile' : profile.data ? `${profile.data.name}'s Profile` : 'Profile';
  return (
    <PageShell
      title={<span title={typeof title === 'string' ? title : undefined}>{title}</span>}
      back={own ? '/' : 'history'}
      actions={own ? <OwnActions /> : undefined}
    >
      {profile.data ? <ProfileBody me={me} profile={profile.data} stats={stats.data} own={own} /> : <ProfileSkeleton />}
    </PageShell>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" className="grid grid-cols-1 gap-4" aria-busy="true" aria-label="Loading profile">
      <div className="h-64 animate-pulse rounded-3xl bg-sand-100" />
      <div className="flex gap-2 overflow-hidden">
        {Array.from({ length: 4 }, (_, i) => (
          <span key={i} className="h-11 w-24 shrink-0 animate-pulse rounded-full bg-sand-100" />
        ))}
      </div>
      <ListSkeleton label="Loading profile" />
    </div>
  );
}

function tabCount(
  key: ProfileTabKey,
  profile: PublicProfile,
  stats: ProfileStats | undefined,
): number | null | undefined {
  const client = profile.role === 'client';
  switch (key) {
    case 'flowers':
      return stats?.flowerStats.received;
    case 'stars':
      return stats?.starStats.received;
    case 'reviews':
      return client ? profile.reviewCounts.spasReviewed : profile.reviewCounts.received;
    case 'therapistsReviewed':
      return profile.reviewCounts.therapistsReviewed;
    case 'starsGiven':
      return stats?.starStats.given;
    case 'flowersGiven':
      return stats?.flowerStats.given;
    case 'redFlags':
      return stats?.redFlagStats?.received;
    case 'medals':
      return stats?.medalStats.received;
    default:
      return null;
  }
}

function ProfileBody({
  me,
  profile,
  stats,
  own,
}: {
  me: CurrentUser;
  profile: PublicProfile;
  stats: ProfileStats | undefined;
  own: boolean;
}) {
  const rows = profileTabRows(me, profile);
  const [tab, setTab] = useState<ProfileTabKey>('about');
  const theme = ROLE_THEME[profile.role];
  const isSpa = profile.role === 'spa_management';
  const sections = profileSections(me.id, profile);
  return (
    <div className="grid grid-cols-1 gap-4">
      <ProfileCard
        member={
          isSpa
            ? { ...profile, rating: { average: profile.averageRating, count: profile.reviewCounts.received } }
            : profile
        }
        action={
          own ? (
            <Link to="/favorites" className={buttonClasses('outline', 'md', 'min-h-11')}>
              <HeartIcon size={20} />
              My Favorites
            </Link>
          ) : sections.saveLists ? (
            <SaveButton targetUserId={profile.id} targetName={profile.name} />
          ) : null
        }
      />
      {!own && me.isPremium ? <ProfileChat member={profile} /> : null}
      <WriteReviewCard viewerRole={me.role} target={profile} />
      {own && isSpa ? (
        <EntryCard label="Analytics" intro="See how members find your spa, week by week.">
          <Link to="/analytics" className={buttonClasses('primary', 'sm', 'min-h-11 shrink-0')}>
            Analytics
          </Link>
        </EntryCard>
      ) : null}
      <VisitEntry viewerRole={me.role} profile={profile} own={own} />
      {own && LICENCE_KINDS_BY_ROLE[profile.role] ? (
        <EntryCard label={LICENCE_SCREEN_TEXTS.title} intro={LICENCE_SCREEN_TEXTS.entryIntro}>
          <Link to="/licences" className={buttonClasses('outline', 'sm', 'min-h-11 shrink-0')}>
            <ShieldIcon size={18} />
            {LICENCE_SCREEN_TEXTS.entryLink}
          </Link>
        </EntryCard>
      ) : null}
      {own ? (
        <EntryCard label={PRIVACY_TEXTS.title} intro={PRIVACY_TEXTS.entryIntro}>
          <Link to="/privacy" className={buttonClasses('outline', 'sm', 'min-h-11 shrink-0')}>
            <ShieldIcon size={18} />
            {PRIVACY_TEXTS.entryLink}
          </Link>
        </EntryCard>
      ) : null}
      <ProfileTabBar
        rows={rows}
        value={tab}
        onValueChange={setTab}
        after={(key) => <CountBadge count={tabCount(key, profile, stats)} />}
        activeClassName={theme.tabActive}
      >
        <TabPanel value="about" className="grid grid-cols-1 gap-4">
          <AboutPanel profile={profile} own={own} />
          {isSpa ? <SpaLocationCard profile={profile} /> : null}
          {isSpa && profile.openingHours ? <OpeningHoursTable hours={profile.openingHours} /> : null}
          {sections.lineup ? <LineupPanel profile={profile} own={own} /> : null}
          {sections.medalsAwarded ? <MedalsAwardedList userId={profile.id} /> : null}
        </TabPanel>
        <TabPanel value="flowers">
          <GiversList userId={profile.id} slug={profile.slug} kind="flowers" />
        </TabPanel>
        <TabPanel value="stars">
          <GiversList userId={profile.id} slug={profile.slug} kind="stars" />
        </TabPanel>
        <TabPanel value="reviews">
          <ReviewsList userId={profile.id} show={profile.role === 'client' ? 'spas' : 'received'} />
        </TabPanel>
        <TabPanel value="therapistsReviewed">
          <ReviewsList userId={profile.id} show="therapists" />
        </TabPanel>
        <TabPanel value="starsGiven">
          <GivenList userId={profile.id} slug={profile.slug} kind="stars" />
        </TabPanel>
        <TabPanel value="flowersGiven">
          <GivenList userId={profile.id} slug={profile.slug} kind="flowers" />
        </TabPanel>
        <TabPanel value="redFlags">
          <ReceivedList userId={profile.id} slug={profile.slug} kind="redFlags" />
        </TabPanel>
        <TabPanel value="medals">
          <ReceivedList userId={profile.id} slug={profile.slug} kind="medals" />
        </TabPanel>
        <TabPanel value="contact">
          <ContactPanel profile={profile} own={own ? me : null} />
        </TabPanel>
      </ProfileTabBar>
    </div>
  );
}

/**
 * The profile's error fallback (spec, "Profile: /profile and /profile/{userSlug}"): the error is sent to the server's
 * log, then Try Again or Go Home.
 */
export function ProfileErrorView({ error, reset }: ErrorComponentProps) {
  // Logging the error is the view's own errand: a failure to log it has nothing to tell the member.
  const report = trpc.profiles.reportError.useMutation({ meta: { errorToast: false } });
  useEffect(() => {
    const message = error instanceof Error ? error.message : String(error);
    const stack = error instanceof Error ? error.stack?.slice(0, 4000) : undefined;
    report.mutate({ message: message.slice(0, 500), path: window.location.pathname.slice(0, 300), stack });
    // Report once per error.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
  return (
    <ErrorFallback
      error={error}
      reset={reset}
      message="The profile page encountered an error. This has been logged for review."
    />
  );
}
