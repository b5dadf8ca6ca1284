// The chat socket's protocol (spec, "The calls it makes", made exact): every frame is a JSON object with a `type`
// and the spec's fields beside it. The hub validates each incoming frame against `clientFrame`
// (chat-frames.ts, kept apart so that the web app does not load zod for it); the web app builds its frames
// and reads the server's with the same types, so the two can never drift apart.
//
// Two kinds of socket carry it (ADR 005). `/ws/chat`, to the hub: presence, requests, the sessions a member is
// in and their ending. `chatSessionPath(sessionId)`, one per active session and tab, to that session's own
// object. A hub socket that joins with `sessionSockets: true` (the web app and the SDK do) sends a session's
// `send-message`, `typing-start` and `typing-stop` on that session's own socket and hears `new-message` and typing
// there (the messages the session still holds first, when the socket opens); the hub answers such a frame sent to
// it with `chat_socket_required`. Any other hub socket speaks the spec's protocol whole: its messages and typing go
// to the hub, which carries them to the session's object, and it hears the session's messages and typing on the
// hub socket (after a `join`, the messages the session still holds come with each session it is in).
import { CHAT_MESSAGE_MAX_LENGTH } from './limits.ts';
import { formatCount } from './count.ts';
import type { Role } from './roles.ts';
import type { ChatMessage } from './chat-output.ts';

export type { ClientFrame, ParsedClientFrame } from './chat-frames.ts';

/** Frames larger than this are refused before they are parsed. */
export const MAX_FRAME_BYTES = 8 * 1024;

export const CHAT_TEXTS = {
  emptyMessage: 'Messages cannot be empty.',
  messageTooLong: `Messages can be at most ${formatCount(CHAT_MESSAGE_MAX_LENGTH)} characters.`,
} as const;

export interface OnlineUser {
  id: number;
  name: string;
  role: Role;
  memberNumber: number;
}

/** A message of a session: its type is inferred from its schema in chat-output.ts (imported as a type only). */
export type { ChatMessage } from './chat-output.ts';

/**
 * How a socket hears presence, chosen in its `join`: `full` (the spec's, the default) gets the whole list on
 * every change; `delta` gets the whole list once after `join` and then only what changed
 * (`online-users-changed`). A delta socket may be sent a whole list again at any time; it replaces the list.
 */
export type PresenceMode = 'full' | 'delta';

export type ServerFrame =
  | { type: 'online-users-updated'; users: OnlineUser[] }
  /**
   * Beyond the spec, for sockets that joined with `presence: 'delta'`: members who came online (or became
   * visible, or whose entry changed) and the ids of members who left, since the last presence frame.
   */
  | { type: 'online-users-changed'; joined: OnlineUser[]; left: number[] }
  /** Beyond the spec: the end of the snapshot after `join`; what the member held before and did not hear again has ended. */
  | { type: 'joined' }
  | {
      type: 'incoming-chat-request';
      requestId: string;
      requesterId: number;
      requesterName: string;
      remainingTime: number;
    }
  /** Beyond the spec: the requester's own request, acknowledged (and replayed to a newly joined tab). */
  | { type: 'chat-request-sent'; requestId: string; recipientId: number; recipientName: string; remainingTime: number }
  | { type: 'chat-request-accepted'; sessionId: string; participantId: number; requestId: string }
  | { type: 'chat-session-started'; sessionId: string; participantId: number; participantName: string }
  | { type: 'new-message'; message: ChatMessage }
  /** `reason`: a participant ended it (END CHAT, a report, a block), or one side left and did not come back. */
  | { type: 'chat-session-ended'; sessionId: string; reason: SessionEndReason }
  | { type: 'chat-request-rejected'; requestId: string }
  /** `reason`: the requester withdrew it, or the requester went offline. */
  | { type: 'chat-request-cancelled'; requestId: string; reason: 'withdrawn' | 'offline' }
  /** `reason`: nobody answered within 30 s, or the recipient went offline. */
  | { type: 'chat-request-expired'; requestId: string; reason: 'timeout' | 'offline' }
  /**
   * Beyond the spec: the partner's connection dropped (`away`, with the seconds left before the chat ends unless
   * they return) or they are back. Sent to the other participant, and replayed after `join`.
   */
  | { type: 'chat-partner-status'; sessionId: string; participantId: number; away: boolean; remainingTime: number }
  | { type: 'typing-start'; sessionId: string; userId: number }
  | { type: 'typing-stop'; sessionId: string; userId: number }
  | { type: 'error'; code: ChatErrorCode; message: string };

export type SessionEndReason = 'ended' | 'offline';

/** The online list sorted as the hub sorts it: by name. */
export function sortOnline(users: OnlineUser[]): OnlineUser[] {
  return users.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The online list after a presence frame: a whole list replaces it, a change adds (or replaces) the members who
 * joined and drops those who left. Any other frame leaves it as it was (the same array).
 */
export function applyPresence(users: OnlineUser[], frame: ServerFrame): OnlineUser[] {
  if (frame.type === 'online-users-updated') return frame.users;
  if (frame.type !== 'online-users-changed') return users;
  const gone = new Set([...frame.left, ...frame.joined.map((user) => user.id)]);
  return sortOnline([...users.filter((user) => !gone.has(user.id)), ...frame.joined]);
}

/** Codes of the `error` frame, each with the text the user sees. */
export const CHAT_ERRORS = {
  invalid_frame: 'That message could not be understood.',
  request_limit: 'Regular users can send 1 chat request at a time. Upgrade to Premium for 3 consecutive requests.',
  premium_request_limit:
    'Premium users can send up to 3 consecutive chat requests. Please wait for responses or cancel existing requests.',
  recipient_offline: 'That member is not online.',
  self_request: 'You cannot send a chat request to yourself.',
  already_requested: 'You already have a pending request to that member.',
  already_chatting: 'You are already chatting with that member.',
  invalid_request_id: 'That chat request id is not valid.',
  request_not_found: 'That chat request is no longer pending.',
  session_not_found: 'That chat has ended.',
  message_invalid: 'That message cannot be sent.',
  rate_limited: 'You are sending too quickly. Please slow down.',
  chat_socket_required: "Messages go over the chat's own connection. Please reload the page.",
} as const;
export type ChatErrorCode = keyof typeof CHAT_ERRORS;

/** Toast titles for the two request limits (spec, "Error catalogue"). */
export const REQUEST_LIMIT_TITLES: Partial<Record<ChatErrorCode, string>> = {
  request_limit: 'Request Limit Reached',
  premium_request_limit: 'Premium Request Limit Reached',
};

/** A request id as the spec builds it: requester id, recipient id and a timestamp in milliseconds. */
export function buildRequestId(requesterId: number, recipientId: number, timestamp: number): string {
  return `${requesterId}-${recipientId}-${timestamp}`;
}

export function parseRequestId(id: string): { requesterId: number; recipientId: number; timestamp: number } | null {
  const match = /^(\d{1,15})-(\d{1,15})-(\d{13})$/.exec(id);
  if (!match) return null;
  return { requesterId: Number(match[1]), recipientId: Number(match[2]), timestamp: Number(match[3]) };
}

/** Close codes the hub uses besides the normal ones. */
export const CLOSE_POLICY_VIOLATION = 1008;
export const CLOSE_TOO_LARGE = 1009;
/** The socket's session ended (signed out, replaced, expired or the member was banned): do not reconnect with it. */
export const CLOSE_SESSION_ENDED = 4001;
/** A chat session's socket: the chat ended (the hub has said why on /ws/chat). */
export const CLOSE_CHAT_ENDED = 4002;

/** Where a chat session's own socket is opened (same origin and session cookie as /ws/chat). */
export function chatSessionPath(sessionId: string): string {
  return `/ws/chat/session/${encodeURIComponent(sessionId)}`;
}
