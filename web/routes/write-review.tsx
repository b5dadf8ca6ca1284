// /write-review/{userSlug} (spec part 2 section 2).
import { getRouteApi } from '@tanstack/react-router';
import { StarIcon } from '../components/icons.tsx';
import { ComingSoon, PageShell } from '../components/page-shell.tsx';

const routeApi = getRouteApi('/signed-in/write-review/$userSlug');

export function WriteReviewPage() {
  const { userSlug } = routeApi.useParams();
  return (
    <PageShell title="Write a Review" back="history">
      <ComingSoon icon={<StarIcon size={28} />}>Writing reviews for @{userSlug} is coming soon.</ComingSoon>
    </PageShell>
  );
}
