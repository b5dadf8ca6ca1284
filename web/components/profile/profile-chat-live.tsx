// The profile's chat row with the live connection (profile-chat.tsx loads it after the screen's own code).
import { useChat } from '../../lib/chat-connection.ts';
import { ProfileChatRow, type ChatRowMember } from './profile-chat-row.tsx';

export function LiveProfileChat({ member }: { member: ChatRowMember }) {
  return <ProfileChatRow member={member} chat={useChat()} />;
}
