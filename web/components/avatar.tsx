// A member's picture, or the first letter of their name on the role's colour when there is none.
import { initialOf } from '../../common/names.ts';
import type { Role } from '../../common/roles.ts';
import { cn } from '../lib/cn.ts';
import { ROLE_THEME } from '../lib/role-theme.ts';

export interface AvatarProps {
  name: string;
  picture: string | null;
  role: Role;
  size?: number;
  className?: string;
}

export function Avatar({ name, picture, role, size = 36, className }: AvatarProps) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (picture) {
    return (
      <img
        src={picture}
        alt=""
        width={size}
        height={size}
        style={style}
        className={cn('shrink-0 rounded-full object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={style}
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full font-semibold',
        ROLE_THEME[role].avatar,
        className,
      )}
    >
      {initialOf(name)}
    </span>
  );
}
