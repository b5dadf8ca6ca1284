// The chat screen's feature panel (spec, "Chat screen"): Anonymous, No Trace, Real-time, one line each.
import type { ComponentType } from 'react';
import { ClockIcon, LeafIcon, ShieldIcon } from '../icons.tsx';

/** What other members see of you in chat (the online list and a request show the member number too). */
export const SHOWN_IN_CHAT = 'Only your name, role and member number are shown';

const FEATURES: Array<{ title: string; text: string; Icon: ComponentType<{ size?: number }> }> = [
  { title: 'Anonymous', text: SHOWN_IN_CHAT, Icon: ShieldIcon },
  { title: 'No Trace', text: 'Messages vanish when the chat ends', Icon: LeafIcon },
  { title: 'Real-time', text: 'Instant delivery', Icon: ClockIcon },
];

export function FeaturePanel() {
  return (
    <section aria-label="About chat" className="rounded-3xl border border-sand-200 bg-white p-4 shadow-sm">
      <ul className="grid grid-cols-3 gap-3">
        {FEATURES.map(({ title, text, Icon }) => (
          <li key={title} className="flex flex-col items-center gap-1.5 text-center">
            <span
              className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700"
              aria-hidden="true"
            >
              <Icon size={20} />
            </span>
            <p className="text-sm font-semibold text-ink-900">{title}</p>
            <p className="text-xs leading-snug text-ink-600">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
