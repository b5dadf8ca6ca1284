// The Worker's side of the chat: the one ChatHub object, each chat session's own object, and the block list a
// member's socket carries into the hub.
import { eq, or, type SQL } from 'drizzle-orm';
import { chatBlocks } from '../../db/schema.ts';
import { CHAT_HUB_NAME } from '../../durable-objects/chat-hub.ts';
import type { Database } from '../db.ts';
import type { Bindings } from '../env.ts';

/** One global hub serves one region's scale (ADR 005 records the sharding plan beyond that). */
export function chatHub(env: Bindings) {
  return env.CHAT_HUB.get(env.CHAT_HUB.idFromName(CHAT_HUB_NAME));
}

/** A chat session's own object, named by its id: it carries the session's messages and typing (ADR 005). */
export function chatSession(env: Bindings, sessionId: string) {
  return env.CHAT_SESSION.get(env.CHAT_SESSION.idFromName(sessionId));
}

/**
 * Closes a member's chat sockets whose session has ended, the hub's and their chats' own: those of one session
 * (sign-out, a session replaced at sign-in) or all of the member's (password reset, ban). Their owners cannot
 * reconnect without a valid session.
 */
export async function closeChatSockets(env: Bindings, target: { userId: number; sessionId?: string }): Promise<void> {
  await chatHub(env).closeSockets(target);
}

/** The blocks the member is on either side of (`memberId` may be SQL, to go in the session lookup's batch). */
export function blocksOfQuery(db: Database, memberId: SQL<number>) {
  return db
    .select({ blockerId: chatBlocks.blockerId, blockedId: chatBlocks.blockedId })
    .from(chatBlocks)
    .where(or(eq(chatBlocks.blockerId, memberId), eq(chatBlocks.blockedId, memberId)));
}

/** Everyone the member has blocked or been blocked by, from their blocks: they never see each other in the chat. */
export function hiddenMemberIds(userId: number, blocks: { blockerId: number; blockedId: number }[]): number[] {
  return [...new Set(blocks.map((row) => (row.blockerId === userId ? row.blockedId : row.blockerId)))];
}

/** A member's premium changed (trial, payment): their open chat sockets get the new end time at once. */
export async function updateChatPremium(env: Bindings, userId: number, premiumUntil: number | null): Promise<void> {
  await chatHub(env).updateMemberPremium(userId, premiumUntil);
}
