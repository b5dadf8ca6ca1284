// Roles and their labels, shared by the worker, the web app and the demo data.
export const ROLES = ['client', 'therapist', 'spa_management', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles a person may pick at registration; admin is never self-assigned. */
export const REGISTRABLE_ROLES = ['client', 'therapist', 'spa_management'] as const;
export type RegistrableRole = (typeof REGISTRABLE_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  client: 'Registered User',
  therapist: 'Therapist',
  spa_management: 'Spa Management',
  admin: 'Admin',
};

/** Labels of the role radios on the registration form (spec, "/auth (optional query `role`)"). */
export const REGISTRATION_ROLE_LABELS: Record<RegistrableRole, string> = {
  client: 'Client',
  therapist: 'Therapist',
  spa_management: 'Spa Management',
};
