// /stars and /stars/{userSlug} (spec part 2 section 2).
import { GiftHistoryPage } from '../components/recognition/gift-history.tsx';

export function StarsPage() {
  return <GiftHistoryPage kind="star" />;
}
