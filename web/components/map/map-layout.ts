// What covers the spa map, in map pixels: the band the List view button takes at the top, the chat pill at the
// foot (signed-in-layout.tsx), and the card or the navigation panel. The camera's moves (a spa revealed, a route
// fitted) keep what they show clear of them.
import { CHAT_PILL_SPACE } from '../signed-in-layout.tsx';

/** The band at the top of the map that the List view button takes. */
export const TOP_CONTROLS_PX = 64;

/** How much of the map's foot the chat pill takes, in pixels (0 when no chat pill shows). */
export function chatPillHeight(container: HTMLElement): number {
  return parseFloat(getComputedStyle(container).getPropertyValue(CHAT_PILL_SPACE)) || 0;
}

/** The part of the map that the card, the panel, the chat pill and the top controls leave uncovered, in map pixels. */
export function uncoveredArea(container: HTMLElement, panel: HTMLElement | null) {
  const box = container.getBoundingClientRect();
  const area = {
    left: 0,
    top: TOP_CONTROLS_PX,
    right: box.width,
    bottom: box.height - chatPillHeight(container),
    width: box.width,
    height: box.height,
  };
  if (panel) {
    const card = panel.getBoundingClientRect();
    if (card.width > box.width / 2) area.bottom = Math.min(area.bottom, card.top - box.top);
    else if (card.left - box.left < box.width / 2) area.left = Math.max(area.left, card.right - box.left);
    else area.right = Math.min(area.right, card.left - box.left);
  }
  return area;
}
