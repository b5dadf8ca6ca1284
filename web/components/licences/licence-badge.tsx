// The "Licensed" badge, one component wherever a member is shown with an approved, unexpired licence (the profile
// card, the map's card and list, Find Members): "Licensed · DOH certificate of registration · until Mar 2027".
// On a phone the kind is named short ("Licensed · DOH · until Mar 2027"); where even that does not fit, it wraps
// rather than cutting the expiry off.
// The payload decides: no licence, no badge; an expired one has already dropped out on the server.
import {
  LICENCE_KIND_LABELS,
  LICENCE_KIND_SHORT_LABELS,
  LICENCE_TEXTS,
  licenceExpiryMonth,
  type LicenceBadge,
} from '../../../common/licences.ts';
import { cn } from '../../lib/cn.ts';
import { ShieldIcon } from '../icons.tsx';

export function LicensedBadge({ licence, className }: { licence: LicenceBadge | null; className?: string }) {
  if (!licence) return null;
  return (
    <span
      data-testid="licensed-badge"
      className={cn(
        'inline-flex max-w-full min-w-0 items-center gap-1 rounded-2xl bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900 ring-1 ring-brand-200 ring-inset',
        className,
      )}
    >
      <ShieldIcon size={14} className="shrink-0 text-brand-700" />
      <span className="min-w-0">
        {LICENCE_TEXTS.badge}
        <span className="sm:hidden"> · {LICENCE_KIND_SHORT_LABELS[licence.kind]}</span>
        <span className="hidden sm:inline"> · {LICENCE_KIND_LABELS[licence.kind]}</span> · until{' '}
        {licenceExpiryMonth(licence.expiresOn)}
      </span>
    </span>
  );
}
