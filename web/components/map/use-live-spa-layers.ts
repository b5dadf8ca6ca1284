// The live map's side of the handover from the markers' preview (marker-preview.tsx): as soon as the map's style
// is in, its spa layers go onto it, and once it draws the first of them (or settles with none in view) the preview
// gives way. The count of the spas it draws is kept for the screen (`data-spas-drawn`), and the benchmarks' timings
// are set with the first live markers.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { SpaListingEntry } from '../../../common/map.ts';
import type { Basemap } from '../../lib/map/basemap.ts';
import type { MapInstance } from '../../lib/map/library.ts';
import { countDrawnSpas, syncSpaLayers } from '../../lib/map/spa-layers.ts';
import { markOnce } from './marker-preview.tsx';

/**
 * Once the map's style is in (or a kept map is mounted again): adds the spa layers with the spas known by then and
 * hands the map over (the listing keeps them up to date, SpaLayers); counts the spas drawn from the first frame that
 * shows any until the map first settles, then after every render that settles. `onLeave` sees the map when the
 * screen lets go of it.
 */
export function useLiveSpaLayers(spas: SpaListingEntry[], onLeave: (map: MapInstance) => void) {
  const [drawn, setDrawn] = useState(0);
  // Whether the live map has shown its spas (or settled with none in view): the preview gives way to it.
  const [liveMarkers, setLiveMarkers] = useState(false);
  const [map, setMap] = useState<MapInstance | null>(null);
  const latestSpas = useRef(spas);
  useLayoutEffect(() => {
    latestSpas.current = spas;
  });
  const detach = useRef<(() => void) | null>(null);
  // A layout effect: it lets go while the screen's elements are removed, before the map would see its container go.
  useLayoutEffect(() => () => detach.current?.(), []);
  const onStyleReady = useCallback(
    (ready: MapInstance, basemap: Basemap) => {
      syncSpaLayers(ready, latestSpas.current, basemap.fonts);
      setMap(ready);
      const showDrawn = (count: number) => {
        setDrawn(count);
        setLiveMarkers(true);
      };
      const onFrame = () => {
        const count = countDrawnSpas(ready);
        if (count === 0) return;
        ready.off('render', onFrame);
        // The live map's first markers, beside the first markers of all (the preview's, most often).
        markOnce('spa-markers');
        markOnce('spa-map-drawn');
        showDrawn(count);
      };
      const onSettled = () => {
        ready.off('render', onFrame);
        showDrawn(countDrawnSpas(ready));
      };
      detach.current?.();
      ready.on('render', onFrame);
      ready.on('idle', onSettled);
      ready.triggerRepaint(); // a kept map draws its spas at once
      detach.current = () => {
        ready.off('render', onFrame);
        ready.off('idle', onSettled);
        // The kept map stops watching its old container, which is about to leave the page: it would shrink the map
        // to a default size while away and redraw it at full size on return. Mounted again, it watches the new one.
        (ready as unknown as { _resizeObserver?: ResizeObserver })._resizeObserver?.disconnect();
        onLeave(ready);
      };
    },
    [onLeave],
  );
  return { map, onStyleReady, drawn, liveMarkers };
}
