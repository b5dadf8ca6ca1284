// The product's mark and name.
import { PRODUCT_NAME } from '../lib/brand.ts';
import { cn } from '../lib/cn.ts';
import { LeafIcon } from './icons.tsx';

export function BrandMark({ tone = 'dark', className }: { tone?: 'dark' | 'light'; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <span
        aria-hidden="true"
        className={cn(
          'flex size-8 items-center justify-center rounded-full',
          tone === 'light' ? 'bg-white/15 text-white' : 'bg-brand-700 text-white',
        )}
      >
        <LeafIcon size={18} />
      </span>
      <span
        className={cn(
          'font-display text-lg font-semibold tracking-tight',
          tone === 'light' ? 'text-white' : 'text-ink-900',
        )}
      >
        {PRODUCT_NAME}
      </span>
    </span>
  );
}
