// The profile's chat row with the live connection (profile-chat.tsx loads it after the screen's own code).
import { useChat } from '../../lib/chat-connection.ts';
import { ProfileChatRow } from './profile-chat.tsx';

export function LiveProfileChat({ member }: { member: { id: number; name: string } }) {
  return <ProfileChatRow member={member} chat={useChat()} />;
}
