// /edit-address (spec part 1 section 2): the spa's address and map pin.
import { PinIcon } from '../components/icons.tsx';
import { ComingSoon, PageShell } from '../components/page-shell.tsx';

export function EditAddressPage() {
  return (
    <PageShell title="Edit Address" back="/edit-profile">
      <ComingSoon icon={<PinIcon size={28} />}>Setting your address and map pin is coming soon.</ComingSoon>
    </PageShell>
  );
}
