// Tabs on Radix: its root, list and triggers give the tablist its keyboard (arrow keys, Home, End, roving focus)
// and screen reader semantics. The panels are our own (TabPanel), not Radix's Tabs.Content: that one wraps every
// panel, open or not, in Radix's Presence (made for exit animations, which no panel here has), whose ref reads the
// panel's computed style and sets state while React commits. On a screen's first render that forced a style
// recalculation of the whole new page inside the commit, and a synchronous re-render that ran every effect of the
// screen in the same task: close to half of the profile's longest task at 4x CPU (bench/web.ts). A TabPanel is a
// plain element with the same ids, roles and `hidden` state, so every trigger still names an existing panel.
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { createContext, useContext, useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

interface TabsState {
  /** The prefix of the triggers' and panels' ids. */
  idBase: string;
  value: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabsState(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`${part} must be inside TabsRoot.`);
  return state;
}

const triggerId = (idBase: string, value: string) => `${idBase}-tab-${value}`;
const panelId = (idBase: string, value: string) => `${idBase}-panel-${value}`;

/** Radix's tabs root, always controlled: the panels read the open value from it. */
export function TabsRoot(props: ComponentProps<typeof TabsPrimitive.Root> & { value: string }) {
  const idBase = useId();
  return (
    <TabsContext.Provider value={{ idBase, value: props.value }}>
      <TabsPrimitive.Root {...props} />
    </TabsContext.Provider>
  );
}

export const TabList = TabsPrimitive.List;

/** Radix's trigger, pointing at its TabPanel. */
export function TabTrigger(props: ComponentProps<typeof TabsPrimitive.Trigger>) {
  const { idBase } = useTabsState('TabTrigger');
  return (
    <TabsPrimitive.Trigger
      {...props}
      id={triggerId(idBase, props.value)}
      aria-controls={panelId(idBase, props.value)}
    />
  );
}

/** A tab's panel: its content is mounted only while the tab is open; closed, it is an empty hidden element. */
export function TabPanel({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  const { idBase, value: open } = useTabsState('TabPanel');
  const isOpen = value === open;
  return (
    <div
      role="tabpanel"
      id={panelId(idBase, value)}
      aria-labelledby={triggerId(idBase, value)}
      data-state={isOpen ? 'active' : 'inactive'}
      hidden={!isOpen}
      tabIndex={0}
      className={cn('focus:outline-none', className)}
    >
      {isOpen ? children : null}
    </div>
  );
}

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps<T extends string> {
  value: T;
  onValueChange: (value: T) => void;
  items: readonly TabItem<T>[];
  label: string;
}

/** A tab list drawn as rounded chips, with a panel per item. */
export function Tabs<T extends string>({ value, onValueChange, items, label }: TabsProps<T>) {
  return (
    <TabsRoot value={value} onValueChange={(next) => onValueChange(next as T)} className="grid grid-cols-1 gap-4">
      <TabList aria-label={label} className="flex flex-wrap gap-2">
        {items.map((item) => (
          <TabTrigger
            key={item.value}
            value={item.value}
            className="rounded-full border border-sand-300 bg-white px-4 py-2 text-sm font-medium text-ink-700 data-[state=active]:border-brand-700 data-[state=active]:bg-brand-700 data-[state=active]:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {item.label}
          </TabTrigger>
        ))}
      </TabList>
      {items.map((item) => (
        <TabPanel key={item.value} value={item.value}>
          {item.content}
        </TabPanel>
      ))}
    </TabsRoot>
  );
}
