// Inputs of the chat's tRPC procedures (blocks and reports), shared by the web app and the Worker. The
// socket's own frames are in common/chat-protocol.ts.
import * as z from './zod.ts';
import { CHAT_REPORT_REASON_MAX_LENGTH } from './limits.ts';

export const CHAT_REPORT_TEXTS = {
  reasonRequired: 'Please say what happened.',
  reasonTooLong: `Please keep the reason under ${CHAT_REPORT_REASON_MAX_LENGTH} characters.`,
} as const;

/** The member's chat settings: `invisible` keeps them off the online list (and nobody can send them a request). */
export const chatSettingsInput = z.object({ invisible: z.boolean() });
/** The settings as the procedures answer them: the type is inferred from its schema in chat-output.ts. */
export type { ChatSettings } from './chat-output.ts';

export const chatMemberInput = z.object({ userId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const chatReportInput = z.object({
  sessionId: z.string().min(1).max(80),
  reason: z
    .string()
    .max(CHAT_REPORT_REASON_MAX_LENGTH * 2)
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, CHAT_REPORT_TEXTS.reasonRequired)
        .max(CHAT_REPORT_REASON_MAX_LENGTH, CHAT_REPORT_TEXTS.reasonTooLong),
    ),
});
