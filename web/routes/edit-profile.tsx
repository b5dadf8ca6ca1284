// /edit-profile (spec part 1 section 2).
import { Link } from '@tanstack/react-router';
import { ComingSoon, PageShell } from '../components/page-shell.tsx';
import { buttonClasses } from '../components/ui/button.tsx';

export function EditProfilePage() {
  return (
    <PageShell
      title="Edit Profile"
      actions={
        <Link to="/profile" className={buttonClasses('outline', 'sm')}>
          Cancel
        </Link>
      }
    >
      <ComingSoon>Editing your photo, about text and contact details is coming soon.</ComingSoon>
    </PageShell>
  );
}
