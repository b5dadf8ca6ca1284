// Role colours in one place: the badge colours the spec fixes (red admin, green spa management, blue therapist,
// gray otherwise) and a softer theme per role for headers and cards.
import type { Role } from '../../common/roles.ts';

export const ROLE_BADGE_CLASSES: Record<Role, string> = {
  admin: 'bg-red-100 text-red-800 ring-red-200',
  spa_management: 'bg-green-100 text-green-800 ring-green-200',
  therapist: 'bg-blue-100 text-blue-800 ring-blue-200',
  client: 'bg-gray-100 text-gray-700 ring-gray-200',
};

export interface RoleTheme {
  /** Background of a profile header band. */
  band: string;
  /** Avatar ring and initial colour. */
  avatar: string;
}

export const ROLE_THEME: Record<Role, RoleTheme> = {
  client: { band: 'bg-gradient-to-br from-brand-600 to-brand-800', avatar: 'bg-brand-100 text-brand-800' },
  therapist: { band: 'bg-gradient-to-br from-sky-700 to-indigo-800', avatar: 'bg-sky-100 text-sky-800' },
  spa_management: { band: 'bg-gradient-to-br from-emerald-600 to-green-800', avatar: 'bg-emerald-100 text-emerald-800' },
  admin: { band: 'bg-gradient-to-br from-rose-700 to-red-900', avatar: 'bg-rose-100 text-rose-800' },
};
