// /flowers and /flowers/{userSlug} (spec part 2 section 2).
import { GiftHistoryPage } from '../components/recognition/gift-history.tsx';

export function FlowersPage() {
  return <GiftHistoryPage kind="flower" />;
}
