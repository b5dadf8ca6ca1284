// Without the device's location (refused, not found, or abroad) the map says where it is centred and why, and lists
// the spas in its visible part (location-off.tsx), from the live map's camera or, before it or without it, the
// opening one. The line names the place while the map is where it opened (Manila, or the place the network's
// address points to).
import { useEffect, useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import { locationOffLine, type LocationOffReason, type SpaListingEntry } from '../../../common/map.ts';
import { spasInView, type Camera } from '../../../common/spa-markers.ts';
import type { MapInstance } from '../../lib/map/library.ts';

/** The map area's size in CSS pixels, kept up to date; null before it is laid out. */
function useAreaSize(container: RefObject<HTMLElement | null>): { width: number; height: number } | null {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const area = container.current;
    if (!area) return;
    const measure = () => setSize({ width: area.clientWidth, height: area.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(area);
    return () => observer.disconnect();
  }, [container]);
  return size;
}

/** The live map's camera after each move it makes or the member makes; null until the live map is there. */
function useLiveCamera(map: MapInstance | null): Camera | null {
  const [camera, setCamera] = useState<Camera | null>(null);
  useEffect(() => {
    if (!map) return;
    const read = () => {
      const centre = map.getCenter();
      setCamera({ latitude: centre.lat, longitude: centre.lng, zoom: map.getZoom() });
    };
    read();
    map.on('moveend', read);
    return () => void map.off('moveend', read);
  }, [map]);
  return camera;
}

const sameCamera = (a: Camera, b: Camera) =>
  Math.abs(a.latitude - b.latitude) < 1e-6 &&
  Math.abs(a.longitude - b.longitude) < 1e-6 &&
  Math.abs(a.zoom - b.zoom) < 1e-3;

interface LocationOffNoticeOptions {
  /** Why the device's own location is not used; null when it is (or in focus mode): then there is no notice. */
  off: LocationOffReason | null;
  /** The live map, once its style is in. */
  map: MapInstance | null;
  container: RefObject<HTMLElement | null>;
  spas: SpaListingEntry[];
  openingCamera: Camera;
  /** Whether the map opened where the member left it (then it opened on no place the line could name). */
  restored: boolean;
  /** Where the network's address put the member, when it did. */
  located: { city: string | null } | undefined;
}

/** The notice's line and the spas in view; null and none while the device's location is used. */
export function useLocationOffNotice({
  off,
  map,
  container,
  spas,
  openingCamera,
  restored,
  located,
}: LocationOffNoticeOptions) {
  const areaSize = useAreaSize(container);
  const liveCamera = useLiveCamera(off ? map : null);
  const viewCamera = liveCamera ?? openingCamera;
  const inView = useMemo(
    () => (off && areaSize ? spasInView(spas, viewCamera, areaSize) : []),
    [off, areaSize, spas, viewCamera],
  );
  const openingPlace = restored ? null : located ? `${located.city ?? 'your area'} (approximate)` : 'Manila';
  const line = off ? locationOffLine(off, sameCamera(viewCamera, openingCamera) ? openingPlace : null) : null;
  return { line, inView };
}
