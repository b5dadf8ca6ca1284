// /flowers and /flowers/{userSlug} (spec, "Stars and flowers: /stars/:userSlug? and /flowers/:userSlug?").
import { GiftHistoryPage } from '../components/recognition/gift-history.tsx';

export function FlowersPage() {
  return <GiftHistoryPage kind="flower" />;
}
