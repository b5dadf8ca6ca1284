// A QR code drawn in the browser from its text: uqr encodes it (no outside service, no canvas) and the modules are
// one SVG path, dark on white with a quiet zone, crisp at any size. Loaded with the Visit code screen only.
import { useMemo } from 'react';
import { encode } from 'uqr';

/** The modules of `text` as an SVG path of unit squares, and the side of the square they fill (quiet zone included). */
function qrPath(text: string): { path: string; size: number } {
  // Medium error correction: a code on a phone's screen, read through glare, still scans.
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { path, size };
}

export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { path, size } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
