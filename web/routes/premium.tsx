// {product} Premium (spec part 2 section 2).
import { CrownIcon } from '../components/icons.tsx';
import { ComingSoon, PageShell } from '../components/page-shell.tsx';
import { PRODUCT_NAME } from '../lib/brand.ts';
import { useSessionUser } from '../lib/session.ts';

export function PremiumPage() {
  const { data: user } = useSessionUser();
  return (
    <PageShell title={`${PRODUCT_NAME} Premium`}>
      <ComingSoon icon={<CrownIcon size={28} />}>
        {user?.isPremium
          ? "You're Premium! Plan details and management are coming soon."
          : 'Premium plans and the 7-day free trial are coming soon.'}
      </ComingSoon>
    </PageShell>
  );
}
