// The spa whose card is open: one tapped on the map or the preview, opened from the list or the location-off
// notice, or in focus mode the focused spa, whose card opens with the map. A spa no longer shown has no card.
import { useEffect, useState } from 'react';
import type { SpaListingEntry } from '../../../common/map.ts';

export function useSelectedSpa(shown: SpaListingEntry[], focused: SpaListingEntry | undefined) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = shown.find((spa) => spa.id === selectedId) ?? null;
  useEffect(() => {
    if (focused) setSelectedId(focused.id);
  }, [focused]);
  return { selected, selectSpa: setSelectedId };
}
