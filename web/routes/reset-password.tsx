// /reset-password?token=... (spec part 2 section 2).
import { Link } from '@tanstack/react-router';
import { ComingSoon, PageShell } from '../components/page-shell.tsx';
import { buttonClasses } from '../components/ui/button.tsx';

export function ResetPasswordPage() {
  return (
    <PageShell title="Reset Password" back="/auth">
      <ComingSoon>Choosing a new password from a reset link is coming soon.</ComingSoon>
      <div className="mt-6 flex justify-center">
        <Link to="/auth" className={buttonClasses('outline')}>
          Back to sign in
        </Link>
      </div>
    </PageShell>
  );
}
