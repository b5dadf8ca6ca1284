// The photo of a licence's document from its private address (its owner's and the admins' sessions may read it),
// linked to open at full size; a photo the server no longer has says so instead of showing a broken image.
import { useState } from 'react';
import { LICENCE_TEXTS } from '../../../common/licences.ts';

export function DocumentPhoto({ url, alt }: { url: string; alt: string }) {
  const [missing, setMissing] = useState(false);
  if (missing) return <p className="rounded-xl bg-sand-50 p-3 text-sm text-ink-700">{LICENCE_TEXTS.documentMissing}</p>;
  return (
    // The link keeps a tap target's size while the photo loads.
    <a
      href={url}
      target="_blank"
      rel="noopener"
      className="inline-block min-h-24 min-w-24 justify-self-start rounded-xl bg-sand-50"
    >
      <img
        src={url}
        alt={alt}
        loading="lazy"
        onError={() => setMissing(true)}
        className="max-h-64 min-h-24 w-auto max-w-full rounded-xl border border-sand-200 object-contain"
      />
    </a>
  );
}
