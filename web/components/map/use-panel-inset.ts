// The map's credits and recenter button sit at its right edge, above its foot; a card or navigation panel that
// spans that column would cover them, so they move up by its height (spa-map.tsx's `--map-controls-bottom`).
import { useLayoutEffect, useState, type RefObject } from 'react';

/** The column at the map's right edge where the recenter button and the map credits sit. */
const CONTROL_COLUMN_PX = 72;
/** The gap between the card (or the navigation panel) and the controls above it. */
const PANEL_GAP_PX = 8;

/**
 * How much of the map's foot the card or navigation panel takes from the controls at the right edge (0 when it
 * leaves that column free, as the card at the left of a wide screen does), kept up to date as either resizes.
 */
export function usePanelInset(panel: HTMLElement | null, container: RefObject<HTMLElement | null>): number {
  const [inset, setInset] = useState(0);
  useLayoutEffect(() => {
    const area = container.current;
    if (!panel || !area) {
      setInset(0);
      return;
    }
    const measure = () => {
      const box = area.getBoundingClientRect();
      const rect = panel.getBoundingClientRect();
      setInset(rect.right > box.right - CONTROL_COLUMN_PX ? Math.ceil(rect.height) + PANEL_GAP_PX : 0);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(panel);
    observer.observe(area);
    return () => observer.disconnect();
  }, [panel, container]);
  return inset;
}
