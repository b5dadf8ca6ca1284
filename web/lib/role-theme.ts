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
  /** The selected tab chip on a profile of this role. */
  tabActive: string;
  /** Buttons in the profile's colour. */
  accent: string;
  /** Text in the accent colour (headings, counts) on a light background. */
  accentText: string;
}

export const ROLE_THEME: Record<Role, RoleTheme> = {
  client: {
    band: 'bg-gradient-to-br from-brand-600 to-brand-800',
    avatar: 'bg-brand-100 text-brand-800',
    tabActive: 'data-[state=active]:border-brand-700 data-[state=active]:bg-brand-700 data-[state=active]:text-white',
    accent: 'bg-brand-700 text-white hover:opacity-90',
    accentText: 'text-brand-800',
  },
  therapist: {
    band: 'bg-gradient-to-br from-sky-700 to-indigo-800',
    avatar: 'bg-sky-100 text-sky-800',
    tabActive: 'data-[state=active]:border-sky-800 data-[state=active]:bg-sky-800 data-[state=active]:text-white',
    accent: 'bg-sky-800 text-white hover:opacity-90',
    accentText: 'text-sky-800',
  },
  spa_management: {
    band: 'bg-gradient-to-br from-emerald-600 to-green-800',
    avatar: 'bg-emerald-100 text-emerald-800',
    tabActive:
      'data-[state=active]:border-emerald-800 data-[state=active]:bg-emerald-800 data-[state=active]:text-white',
    accent: 'bg-emerald-800 text-white hover:opacity-90',
    accentText: 'text-emerald-800',
  },
  admin: {
    band: 'bg-gradient-to-br from-rose-700 to-red-900',
    avatar: 'bg-rose-100 text-rose-800',
    tabActive: 'data-[state=active]:border-rose-800 data-[state=active]:bg-rose-800 data-[state=active]:text-white',
    accent: 'bg-rose-800 text-white hover:opacity-90',
    accentText: 'text-rose-800',
  },
};
