// Where a profile leads to verified visits: a spa manager's own profile to the Visit code for the counter, a client's
// own to their visits, and a client on a spa's profile to Record a visit there (the form then knows the spa and
// offers its therapists). Nobody else sees any of them.
import { Link } from '@tanstack/react-router';
import type { PublicProfile } from '../../../common/profile.ts';
import type { Role } from '../../../common/roles.ts';
import { EntryCard } from '../profile/entry-card.tsx';
import { buttonClasses } from '../ui/button.tsx';

const linkClasses = buttonClasses('outline', 'sm', 'min-h-11 shrink-0');

export function VisitEntry({
  viewerRole,
  profile,
  own,
}: {
  viewerRole: Role;
  profile: Pick<PublicProfile, 'id' | 'role' | 'name'>;
  own: boolean;
}) {
  const spa = profile.role === 'spa_management';
  if (own && spa) {
    return (
      <EntryCard label="Visit code" intro="Show your visit code at the counter: clients record their visit with it.">
        <Link to="/visits/code" className={linkClasses}>
          Visit code
        </Link>
      </EntryCard>
    );
  }
  if (own && viewerRole === 'client') {
    return (
      <EntryCard label="My visits" intro="The visits you recorded at spas with their code.">
        <Link to="/visits" className={linkClasses}>
          My visits
        </Link>
      </EntryCard>
    );
  }
  if (!own && spa && viewerRole === 'client') {
    return (
      <EntryCard label="Record a visit" intro={`At ${profile.name}? Record your visit with the code at the counter.`}>
        <Link to="/visits/new" search={{ spa: profile.id }} className={linkClasses}>
          Record a visit
        </Link>
      </EntryCard>
    );
  }
  return null;
}
