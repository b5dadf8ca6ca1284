// The zod schema of every frame a client may send (chat-protocol.ts has the rest of the protocol). Only the hub
// and scripts that want to check their frames load it.
import * as z from './zod.ts';
import { CHAT_MESSAGE_MAX_LENGTH } from './limits.ts';
import { CHAT_TEXTS } from './chat-protocol.ts';

const userId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const requestId = z.string().min(1).max(80);
const sessionId = z.string().min(1).max(80);

/**
 * A message's content: trimmed, not empty, at most 1,000 characters once trimmed. Zod runs the checks in order, the
 * trim among them, so the lengths after it are the trimmed text's: one schema, where a transform and a pipe parsed
 * every message twice (zod cannot compile its fast path where workerd forbids eval, and each parse is garbage).
 */
export const messageContent = z
  .string()
  // A text far too long is refused before it is trimmed, with the same words.
  .max(CHAT_MESSAGE_MAX_LENGTH * 4, { error: CHAT_TEXTS.messageTooLong, abort: true })
  .trim()
  .min(1, CHAT_TEXTS.emptyMessage)
  .max(CHAT_MESSAGE_MAX_LENGTH, CHAT_TEXTS.messageTooLong);

export const clientFrame = z.discriminatedUnion('type', [
  // The spec's join carries a userId; it is accepted and ignored (the socket's user comes from the session).
  // `presence: 'delta'` asks for presence changes instead of the whole list on every change, and
  // `sessionSockets: true` for each chat's messages and typing on that chat's own socket (chat-protocol.ts).
  z.object({
    type: z.literal('join'),
    userId: z.union([z.number(), z.string().max(40)]).optional(),
    presence: z.enum(['full', 'delta']).optional(),
    sessionSockets: z.boolean().optional(),
  }),
  z.object({ type: z.literal('chat-request'), recipientId: userId, requestId }),
  z.object({ type: z.literal('cancel-chat-request'), requestId }),
  z.object({ type: z.literal('accept-chat-request'), requestId }),
  z.object({ type: z.literal('reject-chat-request'), requestId, requesterId: userId.optional() }),
  z.object({ type: z.literal('send-message'), sessionId, content: messageContent }),
  z.object({ type: z.literal('end-chat-session'), sessionId }),
  z.object({ type: z.literal('typing-start'), sessionId }),
  z.object({ type: z.literal('typing-stop'), sessionId }),
]);
export type ClientFrame = z.input<typeof clientFrame>;
export type ParsedClientFrame = z.output<typeof clientFrame>;
