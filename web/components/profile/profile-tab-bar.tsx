// The profile's sections as one tab bar: every tab of the spec's rows (common/profile-tabs.ts) in a single Radix tab
// list that sticks under the page header and scrolls sideways, the spec's rows kept as groups with a thin divider
// between them. A client's profile seen by spa management has 8 tabs: in rows of chips they would take four lines and
// push the open section below the first screen, so a tap would seem to do nothing. So the open section starts right
// under the bar: choosing a tab while the bar sits low on the screen, or while the page is scrolled down into the
// previous section, brings the bar to the top with the new section under it; and the chosen tab is scrolled into view
// within the bar. Radix gives the tablist its keyboard (arrow keys, Home, End) and screen reader semantics (one
// tablist, tabs with aria-selected, panels labelled by their tab).
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { BOTTOM_NAV_HEIGHT_PX } from '../../../common/limits.ts';
import type { ProfileTab, ProfileTabKey } from '../../../common/profile-tabs.ts';
import { cn } from '../../lib/cn.ts';
import { TabList, TabsRoot, TabTrigger } from '../ui/tabs.tsx';

/** The page header's height (PageShell: h-14 and its 1 px border): where the bar sticks. */
const HEADER_PX = 57;
/** What lies under the sections at the end of the page: the main column's bottom padding and the bottom navigation. */
const SPACE_BELOW_PX = 24 + BOTTOM_NAV_HEIGHT_PX;

export interface ProfileTabBarProps {
  rows: ProfileTab[][];
  value: ProfileTabKey;
  onValueChange: (value: ProfileTabKey) => void;
  /** What a tab shows after its label (a count). */
  after: (key: ProfileTabKey) => ReactNode;
  /** The role colours of the selected tab. */
  activeClassName: string;
  children: ReactNode;
}

export function ProfileTabBar({ rows, value, onValueChange, after, activeClassName, children }: ProfileTabBarProps) {
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const chosen = useRef(false);

  useLayoutEffect(() => {
    const bar = list.current;
    const top = root.current;
    // Only after a choice: the first tab is already in view when the page opens, and measuring then would force a
    // layout of the whole page inside its first render.
    if (!bar || !top || !chosen.current) return;
    chosen.current = false;
    // The chosen tab, whole, inside the bar.
    const tab = bar.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (tab) {
      const left = tab.offsetLeft - bar.offsetLeft;
      const right = left + tab.offsetWidth;
      const margin = 24;
      if (left < bar.scrollLeft + margin) bar.scrollTo({ left: Math.max(0, left - margin) });
      else if (right > bar.scrollLeft + bar.clientWidth - margin)
        bar.scrollTo({ left: right - bar.clientWidth + margin });
    }
    // The section right under the bar: where the bar sticks when the page is scrolled to the top of the tabs.
    const sectionsTop = top.getBoundingClientRect().top + window.scrollY - HEADER_PX;
    const barTop = bar.getBoundingClientRect().top;
    const scrolledPast = window.scrollY > sectionsTop + 1;
    const tooLow = barTop > window.innerHeight * 0.4;
    if (scrolledPast || tooLow) {
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo({ top: sectionsTop, behavior: smooth ? 'smooth' : 'auto' });
    }
  }, [value]);

  return (
    <TabsRoot
      ref={root}
      value={value}
      onValueChange={(next) => {
        chosen.current = true;
        onValueChange(next as ProfileTabKey);
      }}
      // Tall enough for the bar to reach the top with a short section under it: the page can always scroll that far.
      style={{ minHeight: `calc(100dvh - ${HEADER_PX + SPACE_BELOW_PX}px)` }}
      className="grid grid-cols-1 content-start gap-4"
    >
      <TabList
        ref={list}
        aria-label="Profile sections"
        style={{ top: HEADER_PX }}
        className={cn(
          'sticky z-20 -mx-4 flex items-center gap-2 overflow-x-auto overscroll-x-contain border-b border-sand-200 bg-sand-50/95 px-4 py-2 backdrop-blur',
          // The bar scrolls; its scrollbar would only cover the chips on a phone.
          '[scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
        )}
      >
        {rows.map((row, rowIndex) =>
          row.map((item, i) => (
            <span key={item.key} className="contents">
              {rowIndex > 0 && i === 0 ? <span aria-hidden="true" className="h-6 w-px shrink-0 bg-sand-300" /> : null}
              <TabTrigger
                value={item.key}
                data-row={rowIndex + 1}
                className={cn(
                  'inline-flex min-h-11 shrink-0 items-center rounded-full border border-sand-300 bg-white px-3.5 text-sm font-medium whitespace-nowrap text-ink-800',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  activeClassName,
                )}
              >
                {item.label}
                {after(item.key)}
              </TabTrigger>
            </span>
          )),
        )}
      </TabList>
      {children}
    </TabsRoot>
  );
}
