// A member's role label on the spec's badge colour.
import { ROLE_LABELS, type Role } from '../../common/roles.ts';
import { cn } from '../lib/cn.ts';
import { ROLE_BADGE_CLASSES } from '../lib/role-theme.ts';

export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        ROLE_BADGE_CLASSES[role],
        className,
      )}
    >
      {ROLE_LABELS[role]}
    </span>
  );
}
