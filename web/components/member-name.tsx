// A member's name on one line: names may have 60 characters with no space, so it never widens its container
// but ends with an ellipsis. The full name stays in the text (screen readers read all of it) and shows in a
// tooltip on hover or on a long press, only when it is actually cut. The tooltip (Radix, with its positioning
// code) loads the first time a name is pointed at or pressed, and is anchored to an invisible box laid over the
// name, so that the name's own element never changes under a finger (a tap on a button holding a name works).
import { lazy, Suspense, useRef, useState, type PointerEvent } from 'react';
import { TOOLTIP_DELAY_MS } from '../../common/limits.ts';
import { cn } from '../lib/cn.ts';

const loadTooltip = () => import('./ui/tooltip.tsx');
const Tooltip = lazy(loadTooltip);

const LONG_PRESS_MS = 500;
/** The click some browsers send when a long press is released must not close the tooltip it opened. */
const RELEASE_CLICK_MS = 300;

export function MemberName({ name, className }: { name: string; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const longPressed = useRef(false);
  const keepOpenUntil = useRef(0);
  /** Where the name is on screen while its tooltip shows; null when it does not. */
  const [shownAt, setShownAt] = useState<DOMRect | null>(null);

  /** Shows the tooltip if the name is cut. */
  const show = () => {
    const element = ref.current;
    if (element && element.scrollWidth > element.clientWidth) setShownAt(element.getBoundingClientRect());
  };
  const cancel = () => clearTimeout(timer.current);
  const later = (action: () => void, delay: number) => {
    cancel();
    void loadTooltip();
    timer.current = setTimeout(action, delay);
  };

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') later(show, TOOLTIP_DELAY_MS);
  };
  const onPointerLeave = (event: PointerEvent) => {
    cancel();
    if (event.pointerType === 'mouse') setShownAt(null);
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') return;
    longPressed.current = false;
    later(() => {
      longPressed.current = true;
      show();
    }, LONG_PRESS_MS);
  };
  const onPointerUp = () => {
    cancel();
    if (longPressed.current) keepOpenUntil.current = Date.now() + RELEASE_CLICK_MS;
    longPressed.current = false;
  };

  return (
    <>
      <span
        ref={ref}
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={cancel}
        onContextMenu={(event) => {
          if (shownAt) event.preventDefault();
        }}
        className={cn('block max-w-full min-w-0 truncate [-webkit-touch-callout:none]', className)}
      >
        {name}
      </span>
      {shownAt ? (
        <Suspense fallback={null}>
          <Tooltip
            content={name}
            open
            onOpenChange={(next) => {
              if (!next && Date.now() >= keepOpenUntil.current) setShownAt(null);
            }}
          >
            <span
              aria-hidden="true"
              className="pointer-events-none fixed"
              style={{ left: shownAt.left, top: shownAt.top, width: shownAt.width, height: shownAt.height }}
            />
          </Tooltip>
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * A line of text around a member's name (a dialog title): the name truncates rather than widening the line.
 * Assistive technology reads the sentence as one text (the visual pieces are flex items, which would otherwise
 * be read as separate words).
 */
export function NameInLine({ before, name, after = '' }: { before: string; name: string; after?: string }) {
  return (
    <>
      <span className="sr-only">{`${before}${name}${after}`}</span>
      <span aria-hidden="true" className="flex min-w-0">
        <span className="shrink-0 whitespace-pre">{before}</span>
        <MemberName name={name} />
        {after ? <span className="shrink-0">{after}</span> : null}
      </span>
    </>
  );
}
