// The anonymous real-time chat (spec part 1 section 2).
import { ChatIcon } from '../components/icons.tsx';
import { ComingSoon, PageShell } from '../components/page-shell.tsx';

export function ChatPage() {
  return (
    <PageShell title="Chat">
      <ComingSoon icon={<ChatIcon size={28} />}>Anonymous real-time chat with online members is coming soon.</ComingSoon>
    </PageShell>
  );
}
