// The image of a single spa's marker on the live map, drawn on a canvas from the markers' look (common/spa-markers.ts).
import { MARKER, PREMIUM_GOLD, SPA_RED } from '../../../common/spa-markers.ts';

export function markerImage(premium: boolean): ImageData {
  const size = MARKER.canvasPx;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const context = canvas.getContext('2d')!;
  context.beginPath();
  context.arc(size / 2, size / 2, MARKER.radius, 0, Math.PI * 2);
  context.fillStyle = SPA_RED;
  context.fill();
  context.lineWidth = premium ? MARKER.premiumRing : MARKER.ring;
  context.strokeStyle = premium ? PREMIUM_GOLD : '#ffffff';
  context.stroke();
  context.fillStyle = '#ffffff';
  context.font = `bold ${size * 0.5}px system-ui, sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText('S', size / 2, size / 2 + 2);
  return context.getImageData(0, 0, size, size);
}
