// /privacy, "Privacy and account" (beyond the spec), reached from the member's own profile: where they are signed in
// (and signing other devices out), their e-mail address and a change waiting for its link, the download of their
// data, and the deletion of their account. Signed-in members only (the route sits under SignedInLayout).
import { PRIVACY_TEXTS } from '../../common/privacy.ts';
import { LoadingView } from '../components/loading-view.tsx';
import { PageShell } from '../components/page-shell.tsx';
import { DeleteAccountSection } from '../components/privacy/delete-account.tsx';
import { DownloadSection } from '../components/privacy/download-section.tsx';
import { EmailSection } from '../components/privacy/email-section.tsx';
import { SessionsSection } from '../components/privacy/sessions-section.tsx';
import { useSessionUser } from '../lib/session.ts';

export function PrivacyPage() {
  const { data: user } = useSessionUser();
  if (!user) return <LoadingView />;
  return (
    <PageShell title={PRIVACY_TEXTS.title} back="/profile">
      <div className="grid grid-cols-1 gap-5">
        <SessionsSection />
        <EmailSection user={user} />
        <DownloadSection />
        <DeleteAccountSection />
      </div>
    </PageShell>
  );
}
