// Tooltips on Radix: 700 ms before showing, 300 ms skip delay (spec, "Business constants and limits"). Each tooltip
// brings its own provider, so that Radix's tooltip code loads only with the first tooltip (member-name.tsx loads it
// lazily) rather than with every page through an app-wide provider.
import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../../../common/limits.ts';

export interface TooltipProps {
  content: ReactNode;
  children: ReactElement;
  /** Controlled use: whether it shows, and the requests to show or hide it (hover, Escape, a tap elsewhere). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

export default function Tooltip({ content, children, open, onOpenChange }: TooltipProps) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <TooltipPrimitive.Root open={open} onOpenChange={onOpenChange}>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={6}
            collisionPadding={8}
            className="z-[60] max-w-[min(20rem,calc(100vw-1rem))] rounded-lg bg-ink-900 px-3 py-1.5 text-sm font-medium wrap-anywhere text-white shadow-md"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-ink-900" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
