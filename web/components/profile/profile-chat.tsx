// Direct messaging, a premium perk (beyond the spec, whose Premium screen only advertises it): on another member's
// profile a premium member sees whether that member is online and a Chat button that sends the chat request from
// there, through the app-wide chat connection (web/lib/chat-connection.ts), so the hub's limits, blocks and
// invisibility apply exactly as on /chat. An accepted request opens on the chat screen, as every chat does. The
// connection's code is not part of the profile's first load: until it is here, the row shows what it shows while the
// connection opens.
import { Suspense } from 'react';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { ProfileChatRow, type ChatRowMember } from './profile-chat-row.tsx';

const LiveProfileChat = lazyComponent(() => import('./profile-chat-live.tsx').then((module) => module.LiveProfileChat));

export function ProfileChat({ member }: { member: ChatRowMember }) {
  return (
    <Suspense fallback={<ProfileChatRow member={member} chat={null} />}>
      <LiveProfileChat member={member} />
    </Suspense>
  );
}
