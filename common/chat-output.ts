// The answers of the chat's tRPC procedures (settings, blocks, reports) as zod schemas: the procedures declare them
// as their output (so every answer is checked), the OpenAPI document is generated from them, and the types are
// inferred from them (common/chat.ts and common/chat-protocol.ts re-export the types only, so the chat screen does
// not load zod for them). The keys are in the order the procedures build them, so a checked answer keeps its bytes.
import { memberLinkSchema, roleSchema, timestampSchema } from './profile-output.ts';
import * as z from './zod.ts';

/** The member's chat settings: `invisible` keeps them off the online list (and nobody can send them a request). */
export const chatSettingsSchema = z
  .object({
    invisible: z.boolean().meta({ description: 'Off the online list: nobody sees the member or can send a request.' }),
  })
  .meta({ id: 'ChatSettings' });

/** A message of a chat session, as the socket's `new-message` frame carries it and a report's transcript keeps it. */
export const chatMessageSchema = z
  .object({
    id: z.string(),
    sessionId: z.string(),
    senderId: z.int(),
    content: z.string(),
    sentAt: timestampSchema,
    senderName: z.string(),
  })
  .meta({ id: 'ChatMessage' });

/** A member I have blocked, and when. */
export const chatBlockSchema = z
  .object({ id: z.int(), name: z.string(), role: roleSchema, memberNumber: z.int(), blockedAt: timestampSchema })
  .meta({ id: 'ChatBlock' });

/** `{ ok: true }`: the block is in place, or lifted. */
export const chatOkSchema = z.object({ ok: z.literal(true) });

/** The stored report's id. */
export const chatReportCreatedSchema = z.object({ id: z.int() });

/** A report for admins: who reported whom, why, and the session's last messages (the transcript). */
export const chatReportSchema = z
  .object({
    id: z.int(),
    reason: z.string(),
    createdAt: timestampSchema,
    reporter: memberLinkSchema,
    reported: z.object({ id: z.int(), name: z.string(), slug: z.string(), role: roleSchema }),
    messages: z.array(chatMessageSchema).meta({ description: "The session's last messages, oldest first." }),
  })
  .meta({ id: 'ChatReport' });

export type ChatSettings = z.infer<typeof chatSettingsSchema>;
export type ChatMessage = z.infer<typeof chatMessageSchema>;
