// A card on one's profile that leads to another screen (Analytics, Visit code, Licences, Privacy): a line saying what
// is there, and the link or button that goes.
import type { ReactNode } from 'react';

export function EntryCard({ label, intro, children }: { label: string; intro: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      className="flex items-center gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      <p className="min-w-0 flex-1 text-sm text-ink-800 [overflow-wrap:anywhere]">{intro}</p>
      {children}
    </section>
  );
}
