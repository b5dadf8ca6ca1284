// The profile screen's tab chips (spec, "Profile: /profile and /profile/{userSlug}"), decided from the viewer and
// the viewed member:
// - Row 1: the about tab (Spa / Therapist / About by role), Flowers (therapist profiles), Stars (spa
//   profiles), Reviews (Spas Reviewed on client profiles), Therapists Reviewed (client profiles).
// - Rows 2 and 3 are a client's record: Stars Given, Flowers Given, Red Flags Received and Medals Received.
//   They show when spa management, a therapist or an admin looks at a client, and on a client's own profile;
//   never when a client views another client. Red Flags Received follows the server's red-flag rule.
// - Contact ends row 3 wherever the rows show; on spa and therapist profiles (whose contact details are the
//   point of the profile) it shows to everyone, alone in its row. ADR 009 records why.
import { canSeeContact, canSeeRedFlags, roleTexts } from './profile.ts';
import type { Role } from './roles.ts';

export type ProfileTabKey =
  | 'about'
  | 'flowers'
  | 'stars'
  | 'reviews'
  | 'therapistsReviewed'
  | 'starsGiven'
  | 'flowersGiven'
  | 'redFlags'
  | 'medals'
  | 'contact';

export interface ProfileTab {
  key: ProfileTabKey;
  label: string;
}

export function profileTabRows(viewer: { id: number; role: Role }, target: { id: number; role: Role }): ProfileTab[][] {
  const isClient = target.role === 'client';
  const first: ProfileTab[] = [{ key: 'about', label: roleTexts(target.role).aboutTab }];
  if (target.role === 'therapist') first.push({ key: 'flowers', label: 'Flowers' });
  if (target.role === 'spa_management') first.push({ key: 'stars', label: 'Stars' });
  first.push({ key: 'reviews', label: isClient ? 'Spas Reviewed' : 'Reviews' });
  if (isClient) first.push({ key: 'therapistsReviewed', label: 'Therapists Reviewed' });

  const contact: ProfileTab = { key: 'contact', label: 'Contact' };
  if (!isClient) return [first, [contact]];
  // A client's record shows to whoever may see their contact details (the server's rule for the Contact fields).
  if (!canSeeContact(viewer, target)) return [first];
  const third: ProfileTab[] = [];
  if (canSeeRedFlags(viewer, target.id)) third.push({ key: 'redFlags', label: 'Red Flags Received' });
  third.push({ key: 'medals', label: 'Medals Received' }, contact);
  return [
    first,
    [
      { key: 'starsGiven', label: 'Stars Given' },
      { key: 'flowersGiven', label: 'Flowers Given' },
    ],
    third,
  ];
}
