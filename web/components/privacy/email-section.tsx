// The privacy screen's e-mail card (beyond the spec): the address the account uses, a new one waiting for its
// confirmation link (with "Cancel change"), and the way to change it, which is the profile editor's Contact tab.
import { Link } from '@tanstack/react-router';
import type { CurrentUser } from '../../../common/account.ts';
import { PRIVACY_TEXTS } from '../../../common/privacy.ts';
import { buttonClasses } from '../ui/button.tsx';
import { PendingEmailNotice } from './pending-email.tsx';
import { PrivacySection } from './privacy-section.tsx';

export function EmailSection({ user }: { user: CurrentUser }) {
  return (
    <PrivacySection id="privacy-email" title={PRIVACY_TEXTS.emailHeading}>
      {/* With a change waiting, the notice says which address the account keeps using. */}
      {user.pendingEmail ? null : (
        <p className="text-sm text-ink-800 [overflow-wrap:anywhere]">
          {user.email ? PRIVACY_TEXTS.currentEmail(user.email) : PRIVACY_TEXTS.noEmail}
        </p>
      )}
      <PendingEmailNotice user={user} />
      <Link to="/edit-profile" className={buttonClasses('outline', 'md', 'justify-self-start')}>
        {PRIVACY_TEXTS.changeEmail}
      </Link>
    </PrivacySection>
  );
}
