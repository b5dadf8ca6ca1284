// The message input of an open chat: Enter sends, Shift+Enter adds a line, empty (trimmed) messages are not sent,
// and a counter appears near the 1,000-character limit. Typing signals are throttled: one typing-start at most
// every few seconds while keys are pressed, and typing-stop after a short pause, on send and on blur. It takes
// the focus when the chat opens, and an unsent draft waits (in memory, for this tab) while the member is
// elsewhere in the app. A message sent while the chat's own socket (re)connects waits for it (lib/chat-connection.ts).
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../common/limits.ts';
import { cn } from '../../lib/cn.ts';

const TYPING_REFRESH_MS = 4000;
const TYPING_IDLE_MS = 2500;
const COUNTER_FROM = CHAT_MESSAGE_MAX_LENGTH - 100;

/** Unsent drafts by session, kept while the member visits other chats or screens; never stored anywhere. */
const drafts = new Map<string, string>();

function useTypingSignal(sessionId: string, setTyping: (sessionId: string, typing: boolean) => void) {
  const startedAt = useRef(0);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stop = useCallback(() => {
    clearTimeout(idleTimer.current);
    if (startedAt.current === 0) return;
    startedAt.current = 0;
    setTyping(sessionId, false);
  }, [sessionId, setTyping]);

  const typed = useCallback(() => {
    const now = Date.now();
    if (now - startedAt.current >= TYPING_REFRESH_MS) {
      startedAt.current = now;
      setTyping(sessionId, true);
    }
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stop, TYPING_IDLE_MS);
  }, [sessionId, setTyping, stop]);

  // Unmounting (the chat ended or another one opened) sends nothing: the partner's indicator times out itself.
  useEffect(() => () => clearTimeout(idleTimer.current), []);
  return { typed, stop };
}

export interface ComposerProps {
  sessionId: string;
  onSend: (content: string) => boolean;
  setTyping: (sessionId: string, typing: boolean) => void;
}

export function Composer({ sessionId, onSend, setTyping }: ComposerProps) {
  const [draft, setDraftState] = useState(() => drafts.get(sessionId) ?? '');
  const setDraft = (value: string) => {
    setDraftState(value);
    if (value) drafts.set(sessionId, value);
    else drafts.delete(sessionId);
  };
  const counterId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const { typed, stop } = useTypingSignal(sessionId, setTyping);
  const content = draft.trim();

  // A chat that opens (started, accepted, or picked from the list) is ready for typing.
  useEffect(() => {
    field.current?.focus({ preventScroll: true });
  }, []);

  // The field grows with its text up to its maximum height, then scrolls.
  useEffect(() => {
    const element = field.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight}px`;
  }, [draft]);

  const send = () => {
    if (!content) return;
    if (onSend(content)) {
      setDraft('');
      stop();
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form onSubmit={onSubmit} className="border-t border-sand-200 bg-white px-3 py-2.5">
      <div className="flex items-end gap-2">
        <textarea
          ref={field}
          rows={1}
          value={draft}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          onChange={(event) => {
            setDraft(event.target.value);
            if (event.target.value.trim()) typed();
            else stop();
          }}
          onKeyDown={onKeyDown}
          onBlur={stop}
          aria-label="Message"
          aria-describedby={draft.length >= COUNTER_FROM ? counterId : undefined}
          placeholder="Type a message..."
          enterKeyHint="send"
          className="block max-h-32 min-h-11 w-full resize-none rounded-2xl border border-sand-300 bg-sand-50 px-4 py-2.5 text-base text-ink-900 placeholder:text-ink-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/25"
        />
        <button
          type="submit"
          aria-label="Send"
          disabled={!content}
          className={cn(
            'flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white shadow-sm transition-colors',
            'hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            'disabled:cursor-not-allowed disabled:opacity-50',
          )}
        >
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M5 12h13M13 6l6 6-6 6" />
          </svg>
        </button>
      </div>
      {draft.length >= COUNTER_FROM ? (
        <p
          id={counterId}
          className={cn(
            'mt-1 text-right text-xs tabular-nums',
            draft.length >= CHAT_MESSAGE_MAX_LENGTH ? 'text-red-700' : 'text-ink-600',
          )}
        >
          {draft.length}/{CHAT_MESSAGE_MAX_LENGTH}
        </p>
      ) : null}
    </form>
  );
}
