// /stars and /stars/{userSlug} (spec, "Stars and flowers: /stars/:userSlug? and /flowers/:userSlug?").
import { GiftHistoryPage } from '../components/recognition/gift-history.tsx';

export function StarsPage() {
  return <GiftHistoryPage kind="star" />;
}
