// The therapist lineup on a profile (beyond the spec, whose overview only names it): a spa's therapists (picture,
// name, flowers received) and a therapist's spas (with their place on the map). On one's own profile it is also where
// the lineup is managed: a spa manager invites therapists found by name and withdraws invitations or ends links; a
// therapist accepts or declines invitations and ends links. Invitations are only ever shown to the two sides.
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { LineupSpa, LineupTherapist } from '../../../common/lineup.ts';
import type { PublicProfile } from '../../../common/profile.ts';
import { trpc } from '../../trpc.ts';
import { Avatar } from '../avatar.tsx';
import { MapIcon } from '../icons.tsx';
import { MemberName } from '../member-name.tsx';
import { Button, buttonClasses } from '../ui/button.tsx';
import { inputClasses } from '../ui/input.tsx';
import { toast } from '../ui/use-toast.ts';
import { EmptyText, ListSkeleton, TabHeading } from './profile-lists.tsx';

export function LineupPanel({ profile, own }: { profile: Pick<PublicProfile, 'id' | 'role' | 'name'>; own: boolean }) {
  const lineup = trpc.lineup.of.useQuery({ userId: profile.id });
  const isSpa = profile.role === 'spa_management';
  const heading = isSpa ? (own ? 'Our Therapists' : 'Therapists') : 'Where I Work';
  const data = lineup.data;
  return (
    <section
      aria-label={heading}
      className="grid grid-cols-1 gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      <TabHeading>{heading}</TabHeading>
      {!data ? (
        lineup.isError ? (
          <EmptyText>We couldn't load the lineup. Please try again.</EmptyText>
        ) : (
          <ListSkeleton rows={2} label={`Loading ${heading}`} />
        )
      ) : isSpa ? (
        <>
          {data.therapists.length === 0 ? (
            <EmptyText>
              {own
                ? 'No therapists in your lineup yet. Invite the therapists who work here.'
                : 'No therapists listed yet.'}
            </EmptyText>
          ) : (
            <ul className="grid grid-cols-1 gap-2" aria-label="Therapists in the lineup">
              {data.therapists.map((therapist) => (
                <li key={therapist.linkId}>
                  <TherapistRow
                    therapist={therapist}
                    action={own ? <EndButton linkId={therapist.linkId} label="Remove" name={therapist.name} /> : null}
                  />
                </li>
              ))}
            </ul>
          )}
          {own && data.invitations ? (
            <SpaInvitations
              invited={data.invitations.therapists}
              linked={[...data.therapists, ...data.invitations.therapists].map((t) => t.id)}
            />
          ) : null}
        </>
      ) : (
        <>
          {data.spas.length === 0 ? (
            <EmptyText>
              {own ? 'No spas yet. A spa adds you to its lineup by inviting you.' : 'No spas listed yet.'}
            </EmptyText>
          ) : (
            <ul className="grid grid-cols-1 gap-2" aria-label="Spas">
              {data.spas.map((spa) => (
                <li key={spa.linkId}>
                  <SpaRow
                    spa={spa}
                    action={own ? <EndButton linkId={spa.linkId} label="Leave" name={spa.name} /> : null}
                  />
                </li>
              ))}
            </ul>
          )}
          {own && data.invitations && data.invitations.spas.length > 0 ? (
            <TherapistInvitations invitations={data.invitations.spas} />
          ) : null}
        </>
      )}
    </section>
  );
}

function TherapistRow({ therapist, action }: { therapist: LineupTherapist; action?: React.ReactNode }) {
  return (
    <div className="flex min-h-14 items-center gap-3 rounded-xl border border-sand-200 px-3 py-2">
      <Link
        to="/profile/$userSlug"
        params={{ userSlug: therapist.slug }}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <Avatar name={therapist.name} picture={therapist.profilePic} role="therapist" size={40} />
        <span className="grid min-w-0 gap-0.5">
          <MemberName name={therapist.name} className="text-sm font-semibold text-ink-900" />
          <span className="text-xs text-ink-700">
            {therapist.flowersReceived} {therapist.flowersReceived === 1 ? 'flower' : 'flowers'} received
          </span>
        </span>
      </Link>
      {action}
    </div>
  );
}

function SpaRow({ spa, action }: { spa: LineupSpa; action?: React.ReactNode }) {
  return (
    <div className="flex min-h-14 items-center gap-3 rounded-xl border border-sand-200 px-3 py-2">
      <Link
        to="/spa/$userSlug"
        params={{ userSlug: spa.slug }}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <Avatar name={spa.name} picture={spa.profilePic} role="spa_management" size={40} />
        <span className="grid min-w-0 gap-0.5">
          <MemberName name={spa.name} className="text-sm font-semibold text-ink-900" />
          {spa.address ? <span className="truncate text-xs text-ink-700">{spa.address}</span> : null}
        </span>
      </Link>
      <Link
        to="/map"
        search={{ focus: spa.slug }}
        aria-label={`${spa.name} on the map`}
        className={buttonClasses('ghost', 'sm', 'min-h-11 min-w-11 shrink-0 px-2')}
      >
        <MapIcon size={20} />
      </Link>
      {action}
    </div>
  );
}

function useLineupChange() {
  const utils = trpc.useUtils();
  return {
    meta: { errorTitle: 'Lineup' },
    onSuccess: (answer: { message: string }) => {
      toast({ variant: 'success', title: answer.message });
      void utils.lineup.invalidate();
    },
  };
}

function EndButton({ linkId, label, name }: { linkId: number; label: string; name: string }) {
  const end = trpc.lineup.end.useMutation(useLineupChange());
  return (
    <Button
      variant="outline"
      size="sm"
      className="min-h-11 shrink-0"
      aria-label={`${label} ${name}`}
      disabled={end.isPending}
      onClick={() => end.mutate({ linkId })}
    >
      {label}
    </Button>
  );
}

/** The spa manager's invitations: the ones waiting, and the search to send more. */
function SpaInvitations({ invited, linked }: { invited: LineupTherapist[]; linked: number[] }) {
  const [search, setSearch] = useState('');
  const term = search.trim();
  const found = trpc.recognition.recipients.useQuery(
    { role: 'therapist', q: term },
    { enabled: term.length >= 2, placeholderData: keepPreviousData },
  );
  const invite = trpc.lineup.invite.useMutation(useLineupChange());
  // Therapists already in the lineup or invited are not offered again.
  const candidates = (found.data ?? []).filter((therapist) => !linked.includes(therapist.id));
  return (
    <div className="grid grid-cols-1 gap-3 border-t border-sand-200 pt-3">
      {invited.length > 0 ? (
        <div className="grid gap-2">
          <h4 className="text-sm font-semibold text-ink-800">Invitations sent</h4>
          <ul className="grid grid-cols-1 gap-2" aria-label="Invitations sent">
            {invited.map((therapist) => (
              <li key={therapist.linkId}>
                <TherapistRow
                  therapist={therapist}
                  action={<EndButton linkId={therapist.linkId} label="Withdraw" name={therapist.name} />}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <label htmlFor="lineup-search" className="text-sm font-semibold text-ink-800">
          Invite a therapist
        </label>
        <input
          id="lineup-search"
          type="search"
          placeholder="Search therapists by name"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className={inputClasses}
        />
      </div>
      {term.length >= 2 && found.data ? (
        candidates.length === 0 ? (
          <p className="text-sm text-ink-700">No therapists found.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-2" aria-label="Therapists found">
            {candidates.slice(0, 8).map((therapist) => (
              <li
                key={therapist.id}
                className="flex min-h-14 items-center gap-3 rounded-xl border border-sand-200 px-3 py-2"
              >
                <Avatar name={therapist.name} picture={therapist.profilePic} role="therapist" size={36} />
                <MemberName name={therapist.name} className="min-w-0 flex-1 text-sm text-ink-900" />
                <Button
                  size="sm"
                  className="min-h-11 shrink-0"
                  aria-label={`Invite ${therapist.name}`}
                  disabled={invite.isPending}
                  onClick={() => invite.mutate({ therapistId: therapist.id })}
                >
                  Invite
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

/** The therapist's invitations from spas, to accept or decline. */
function TherapistInvitations({ invitations }: { invitations: LineupSpa[] }) {
  const respond = trpc.lineup.respond.useMutation(useLineupChange());
  return (
    <div className="grid grid-cols-1 gap-2 border-t border-sand-200 pt-3">
      <h4 className="text-sm font-semibold text-ink-800">Invitations</h4>
      <ul className="grid grid-cols-1 gap-2" aria-label="Invitations">
        {invitations.map((spa) => (
          <li key={spa.linkId} className="grid gap-2 rounded-xl border border-brand-200 bg-brand-50 px-3 py-2">
            <p className="flex min-w-0 items-center gap-2 text-sm text-ink-900">
              <Avatar name={spa.name} picture={spa.profilePic} role="spa_management" size={32} />
              <span className="min-w-0 flex-1">
                <MemberName name={spa.name} className="font-semibold" /> invites you to its lineup.
              </span>
            </p>
            <div className="flex gap-2">
              <Button
                size="sm"
                className="min-h-11 flex-1"
                disabled={respond.isPending}
                onClick={() => respond.mutate({ linkId: spa.linkId, accept: true })}
              >
                Accept
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="min-h-11 flex-1"
                disabled={respond.isPending}
                onClick={() => respond.mutate({ linkId: spa.linkId, accept: false })}
              >
                Decline
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
