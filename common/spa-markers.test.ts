import { describe, expect, it } from 'vitest';
import type { SpaListingEntry } from './map.ts';
import {
  CLUSTER_RADIUS_EXPRESSION,
  clusterIndex,
  clusterRadius,
  mapHomeFirstFrame,
  markerPreviewMarkup,
  OPENING_CAMERA,
  placeMarkers,
  PREVIEW_REACH_PX,
  SPA_CLUSTERING,
  spasInView,
  offsetFromCentre,
  worldPixel,
} from './spa-markers.ts';

function spa(id: number, latitude: number, longitude: number, isPremium = false): SpaListingEntry {
  return {
    id,
    name: `Spa ${id}`,
    slug: `spa-${id}`,
    latitude,
    longitude,
    address: null,
    profilePic: null,
    profilePicThumbnail: null,
    phone: null,
    averageRating: null,
    reviewCount: 0,
    isOpen: null,
    isPremium,
    licensed: false,
    licence: null,
  };
}

/** The screen distance in pixels between two places at a zoom. */
function pixelsApart(a: SpaListingEntry, b: SpaListingEntry, zoom: number): number {
  const [ax, ay] = worldPixel(a.longitude, a.latitude, zoom);
  const [bx, by] = worldPixel(b.longitude, b.latitude, zoom);
  return Math.hypot(ax - bx, ay - by);
}

describe('the spas preview markers', () => {
  it('puts a spa at the camera in the middle of the map, and one east and north of it right of and above the middle', () => {
    const camera = { latitude: 14.5547, longitude: 121.0244, zoom: 12 };
    const here = spa(1, camera.latitude, camera.longitude);
    const northEast = spa(2, 14.56, 121.04);
    const [marker, other] = [1, 2].map((id) =>
      placeMarkers(clusterIndex([here, northEast]), camera).find((m) => m.kind === 'spa' && m.spaId === id)!,
    );
    expect(marker!.dx).toBeCloseTo(0, 6);
    expect(marker!.dy).toBeCloseTo(0, 6);
    // 512 px per world at zoom 0: 0.0156 degrees of longitude at zoom 12 is 0.0156 / 360 * 512 * 4096 px.
    expect(other!.dx).toBeCloseTo((0.0156 / 360) * 512 * 4096, 6);
    expect(other!.dy).toBeLessThan(0);
  });

  it('merges spas closer than the cluster radius up to the cluster zoom, and shows them apart beyond it', () => {
    const a = spa(1, 14.55, 121.02);
    const b = spa(2, 14.55, 121.0205);
    const index = clusterIndex([a, b]);
    const at = (zoom: number) => placeMarkers(index, { latitude: 14.55, longitude: 121.02, zoom });
    expect(pixelsApart(a, b, SPA_CLUSTERING.clusterMaxZoom)).toBeLessThan(SPA_CLUSTERING.clusterRadius);
    expect(at(SPA_CLUSTERING.clusterMaxZoom)).toEqual([
      expect.objectContaining({ kind: 'cluster', count: 2, label: '2' }),
    ]);
    // A fractional zoom clusters as the whole zoom below it, as the map's tiles do.
    expect(at(SPA_CLUSTERING.clusterMaxZoom + 0.9)).toEqual([expect.objectContaining({ kind: 'cluster', count: 2 })]);
    expect(at(SPA_CLUSTERING.clusterMaxZoom + 1).map((marker) => marker.kind)).toEqual(['spa', 'spa']);
  });

  it('leaves out spas beyond the preview’s reach and its marker margin, and draws clusters under spas, premium spas under the rest', () => {
    const camera = { latitude: 14.55, longitude: 121.02, zoom: 12 };
    const far = spa(9, 10.3, 123.9); // Cebu
    const plain = spa(1, 14.56, 121.03);
    const premium = spa(2, 14.54, 121.01, true);
    const pair = [spa(3, 14.53, 121.0), spa(4, 14.53, 121.0001)];
    const markers = placeMarkers(clusterIndex([plain, premium, far, ...pair]), camera);
    expect(offsetFromCentre(far.longitude, far.latitude, camera).dy).toBeGreaterThan(PREVIEW_REACH_PX.y * 2);
    expect(markers.map((marker) => (marker.kind === 'cluster' ? 'cluster' : marker.spaId))).toEqual(['cluster', 2, 1]);
  });

  it('sizes clusters by count with the same steps as the live map’s style expression', () => {
    const steps = CLUSTER_RADIUS_EXPRESSION.slice(2) as number[];
    const fromExpression = (count: number) => {
      let radius = steps[0]!;
      for (let i = 1; i < steps.length; i += 2) if (count >= steps[i]!) radius = steps[i + 1]!;
      return radius;
    };
    for (const count of [2, 9, 10, 49, 50, 499, 500, 12_000]) expect(clusterRadius(count)).toBe(fromExpression(count));
    expect([clusterRadius(2), clusterRadius(10), clusterRadius(50), clusterRadius(500)]).toEqual([17, 21, 26, 32]);
  });

  it('writes spas as buttons carrying their id and escaped name, placed from the middle, and clusters as labelled counts', () => {
    const camera = { latitude: 14.55, longitude: 121.02, zoom: 12 };
    const named = { ...spa(7, 14.55, 121.02, true), name: '"><img src=x onerror=alert(1)> & Co' };
    const pair = [spa(3, 14.6, 121.1), spa(4, 14.6, 121.1001)];
    const spas = [named, ...pair];
    const { html, count } = markerPreviewMarkup(
      clusterIndex(spas),
      new Map(spas.map((entry) => [entry.id, entry])),
      camera,
    );
    expect(count).toBe(2);
    expect(html).not.toContain('<img');
    expect(html).toContain('aria-label="&#34;&#62;&#60;img src=x onerror=alert(1)&#62; &#38; Co"');
    expect(html).toContain('data-spa-id="7"');
    // The spa at the camera: its 44 px target's corner 22 px up and left of the middle.
    expect(html).toContain('left:calc(50% + -22px);top:calc(50% + -22px)');
    expect(html).toMatch(/<span role="img" aria-label="2 spas"[^>]*>2<\/span>/);
    // Clusters under spas, as the live map draws them.
    expect(html.indexOf('2 spas')).toBeLessThan(html.indexOf('data-spa-id="7"'));
  });

  it('lists the spas inside the map area at a camera, nearest its centre first, with the markers’ projection', () => {
    const { latitude, longitude } = OPENING_CAMERA;
    // At zoom 12 a degree of longitude is about 5,800 px: 0.01 is about 58 px right, 0.05 about 290 px (beyond the
    // 195 px from the middle to the edge); 0.02 of latitude about 120 px down.
    const spas = [
      spa(1, latitude, longitude + 0.05),
      spa(2, latitude - 0.02, longitude),
      spa(3, latitude, longitude + 0.01),
      spa(4, latitude, longitude),
    ];
    expect(spasInView(spas, OPENING_CAMERA, { width: 390, height: 664 }).map((entry) => entry.id)).toEqual([4, 3, 2]);
    expect(spasInView(spas, OPENING_CAMERA, { width: 390, height: 200 }).map((entry) => entry.id)).toEqual([4, 3]);
    expect(
      spasInView(spas, { ...OPENING_CAMERA, zoom: 10 }, { width: 390, height: 664 }).map((entry) => entry.id),
    ).toEqual([4, 3, 2, 1]);
  });

  it('draws the home’s first frame at the opening camera, in the map’s area between the header and the bottom bar', () => {
    const atCentre = spa(5, OPENING_CAMERA.latitude, OPENING_CAMERA.longitude);
    const frame = mapHomeFirstFrame([atCentre]);
    expect(frame).toMatch(
      /^<div class="fixed inset-x-0" style="top:60px;height:calc\(var\(--vh, 1dvh\) \* 100 - 120px\)">/,
    );
    expect(frame).toContain('data-marker-preview="1"');
    expect(frame).toContain('data-spa-id="5"');
    expect(mapHomeFirstFrame([])).toContain('data-marker-preview="0"');
  });
});
