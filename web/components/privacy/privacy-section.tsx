// One card of the privacy screen: a heading that names the region, a line saying what it is for, then its content.
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export function PrivacySection({
  id,
  title,
  intro,
  tone = 'plain',
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  /** `danger` for the card whose action cannot be undone. */
  tone?: 'plain' | 'danger';
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={cn(
        'grid grid-cols-1 gap-3 rounded-3xl border bg-white p-5 shadow-sm',
        tone === 'danger' ? 'border-red-200' : 'border-sand-200',
      )}
    >
      <h2
        id={`${id}-heading`}
        className={cn('font-display text-xl font-semibold', tone === 'danger' ? 'text-red-800' : 'text-ink-900')}
      >
        {title}
      </h2>
      {intro ? <p className="text-sm leading-relaxed text-ink-700">{intro}</p> : null}
      {children}
    </section>
  );
}
