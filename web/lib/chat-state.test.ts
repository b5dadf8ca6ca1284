// The chat state reducer and its notices, driven by the hub's frames as the connection hands them over: which
// chat opens (never one behind the member's back), unread counts, the snapshot after a reconnect (`joined`
// settles what ended meanwhile), a partner away, and the toast each ending deserves.
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ServerFrame } from '../../common/chat-protocol.ts';
import {
  chatReducer,
  initialChatState,
  noticeFor,
  totalUnread,
  type ChatAction,
  type ChatState,
} from './chat-state.ts';

const NOW = 1_700_000_000_000;

function run(state: ChatState, ...actions: ChatAction[]): ChatState {
  return actions.reduce(chatReducer, state);
}

function frame(frame: ServerFrame, now = NOW): ChatAction {
  return { type: 'frame', frame, now };
}

function connected(): ChatState {
  return run(initialChatState(NOW), { type: 'connected', now: NOW }, frame({ type: 'joined' }));
}

function message(sessionId: string, senderId: number, content: string, sentAt = NOW): ChatMessage {
  return { id: `${sessionId}-${content}`, sessionId, senderId, content, sentAt, senderName: `member ${senderId}` };
}

const started = (sessionId: string, participantId: number): ServerFrame => ({
  type: 'chat-session-started',
  sessionId,
  participantId,
  participantName: `member ${participantId}`,
});

/** This side (member 1) asked `participantId`, who accepted: the frames the hub sends, in order. */
function acceptedByThem(state: ChatState, sessionId: string, participantId: number): ChatState {
  const requestId = `1-${participantId}-${NOW}`;
  return run(
    state,
    frame({
      type: 'chat-request-sent',
      requestId,
      recipientId: participantId,
      recipientName: `member ${participantId}`,
      remainingTime: 30,
    }),
    frame({ type: 'chat-request-accepted', requestId, sessionId, participantId }),
    frame(started(sessionId, participantId)),
  );
}

describe('the online list', () => {
  const user = (id: number, name: string) => ({ id, name, role: 'client' as const, memberNumber: id });

  it('takes a whole list, then the changes after it, sorted by name as the hub sorts it', () => {
    let state = run(
      connected(),
      frame({ type: 'online-users-updated', users: [user(2, 'Bituin'), user(3, 'Dalisay')] }),
    );
    state = run(
      state,
      frame({ type: 'online-users-changed', joined: [user(4, 'Amihan'), user(5, 'Crisanto')], left: [3] }),
    );
    expect(state.users.map((entry) => entry.name)).toEqual(['Amihan', 'Bituin', 'Crisanto']);
    // A changed entry replaces the old one; leaving someone not listed, or joining someone listed, changes nothing else.
    state = run(
      state,
      frame({
        type: 'online-users-changed',
        joined: [user(2, 'Bituin'), { ...user(5, 'Crisanto'), role: 'therapist' }],
        left: [9],
      }),
    );
    expect(state.users).toEqual([user(4, 'Amihan'), user(2, 'Bituin'), { ...user(5, 'Crisanto'), role: 'therapist' }]);
    // A whole list may come again at any time and replaces the list.
    state = run(state, frame({ type: 'online-users-updated', users: [user(3, 'Dalisay')] }));
    expect(state.users).toEqual([user(3, 'Dalisay')]);
  });
});

describe('which chat is on screen', () => {
  it('opens a chat this side asked for when no other is open, but never switches away from an open one', () => {
    let state = run(connected(), { type: 'chat-screen', showing: true });
    state = acceptedByThem(state, 's2', 2);
    expect(state.openSessionId).toBe('s2');
    state = acceptedByThem(state, 's3', 3);
    expect(state.openSessionId).toBe('s2');
    expect(state.sessions.map((session) => session.sessionId)).toEqual(['s2', 's3']);
  });

  it('opens a chat this side accepted, even from another open chat', () => {
    let state = acceptedByThem(run(connected(), { type: 'chat-screen', showing: true }), 's2', 2);
    state = run(
      state,
      frame({
        type: 'incoming-chat-request',
        requestId: `4-1-${NOW}`,
        requesterId: 4,
        requesterName: 'member 4',
        remainingTime: 30,
      }),
      { type: 'request-accepting', requestId: `4-1-${NOW}`, memberId: 4 },
      frame(started('s4', 4)),
    );
    expect(state.openSessionId).toBe('s4');
    expect(state.incoming).toEqual([]);
  });

  it('leaves the screen as it was for a session the hub replays', () => {
    const state = run(
      initialChatState(NOW, 's9'),
      { type: 'connected', now: NOW },
      frame(started('s8', 8)),
      frame(started('s9', 9)),
      frame({ type: 'joined' }),
    );
    expect(state.openSessionId).toBe('s9');
  });
});

describe('unread messages', () => {
  it('counts messages from the partner while their chat is not on screen, and clears them when it is', () => {
    let state = acceptedByThem(run(connected(), { type: 'chat-screen', showing: true }), 's2', 2);
    state = acceptedByThem(state, 's3', 3);
    state = run(
      state,
      frame({ type: 'new-message', message: message('s3', 3, 'hi') }),
      frame({ type: 'new-message', message: message('s2', 2, 'on screen') }),
    );
    expect(state.sessions.map((session) => session.unread)).toEqual([0, 1]);
    // Own messages (from another tab) and repeated ones count nothing.
    state = run(
      state,
      frame({ type: 'new-message', message: message('s3', 1, 'mine') }),
      frame({ type: 'new-message', message: message('s3', 3, 'hi') }),
    );
    expect(totalUnread(state.sessions)).toBe(1);
    // Leaving the chat screen: even the open chat counts.
    state = run(
      state,
      { type: 'chat-screen', showing: false },
      frame({ type: 'new-message', message: message('s2', 2, 'while away') }),
    );
    expect(totalUnread(state.sessions)).toBe(2);
    state = run(state, { type: 'chat-screen', showing: true });
    expect(state.sessions.map((session) => session.unread)).toEqual([0, 1]);
    state = run(state, { type: 'open-session', sessionId: 's3' });
    expect(totalUnread(state.sessions)).toBe(0);
  });

  it('keeps messages replayed after a reconnect in time order, once each', () => {
    let state = acceptedByThem(connected(), 's2', 2);
    state = run(state, frame({ type: 'new-message', message: message('s2', 2, 'second', NOW + 2) }));
    state = run(
      state,
      { type: 'connected', now: NOW + 10 },
      frame(started('s2', 2)),
      frame({ type: 'new-message', message: message('s2', 2, 'first', NOW + 1) }),
      frame({ type: 'new-message', message: message('s2', 2, 'second', NOW + 2) }),
      frame({ type: 'joined' }),
    );
    expect(state.sessions[0]!.messages.map((known) => known.content)).toEqual(['first', 'second']);
  });
});

describe('after a reconnect', () => {
  it('keeps everything on screen while the snapshot arrives, then drops what it did not confirm', () => {
    let state = acceptedByThem(run(connected(), { type: 'chat-screen', showing: true }), 's2', 2);
    state = acceptedByThem(state, 's3', 3);
    state = run(
      state,
      frame({
        type: 'incoming-chat-request',
        requestId: `5-1-${NOW}`,
        requesterId: 5,
        requesterName: 'member 5',
        remainingTime: 30,
      }),
    );
    state = run(state, { type: 'disconnected' }, { type: 'connected', now: NOW + 1000 }, frame(started('s3', 3)));
    expect(state.sessions).toHaveLength(2);
    expect(state.incoming).toHaveLength(1);
    state = run(state, frame({ type: 'joined' }));
    expect(state.sessions.map((session) => session.sessionId)).toEqual(['s3']);
    expect(state.incoming).toEqual([]);
    expect(state.openSessionId).toBeNull();
    expect(state.endedWith).toEqual({ name: 'member 2', reason: 'missed' });
  });
});

describe('a partner away', () => {
  it('shows when the chat ends unless they return, and clears when they do', () => {
    let state = acceptedByThem(connected(), 's2', 2);
    state = run(
      state,
      frame({ type: 'chat-partner-status', sessionId: 's2', participantId: 2, away: true, remainingTime: 30 }, NOW + 5),
    );
    expect(state.sessions[0]!.partnerAwayUntil).toBe(NOW + 5 + 30_000);
    state = run(
      state,
      frame({ type: 'chat-partner-status', sessionId: 's2', participantId: 2, away: false, remainingTime: 0 }),
    );
    expect(state.sessions[0]!.partnerAwayUntil).toBeNull();
  });
});

describe('notices', () => {
  function notice(state: ChatState, serverFrame: ServerFrame) {
    return noticeFor(state, chatReducer(state, frame(serverFrame)), serverFrame);
  }

  const asked = run(
    connected(),
    frame({
      type: 'chat-request-sent',
      requestId: `1-2-${NOW}`,
      recipientId: 2,
      recipientName: 'Tala',
      remainingTime: 30,
    }),
  );

  it('tells the requester how their request ended', () => {
    const requestId = `1-2-${NOW}`;
    expect(notice(asked, { type: 'chat-request-rejected', requestId })?.description).toBe(
      'Tala declined your chat request.',
    );
    expect(notice(asked, { type: 'chat-request-expired', requestId, reason: 'timeout' })?.description).toBe(
      'Tala did not answer within 30 seconds.',
    );
    expect(notice(asked, { type: 'chat-request-expired', requestId, reason: 'offline' })?.description).toBe(
      'Tala went offline before answering your chat request.',
    );
    expect(notice(asked, { type: 'chat-request-expired', requestId: 'someone-else', reason: 'timeout' })).toBeNull();
  });

  it('raises a toast for a message in a chat not on screen, and none for the chat on screen', () => {
    const state = acceptedByThem(run(connected(), { type: 'chat-screen', showing: true }), 's2', 2);
    expect(notice(state, { type: 'new-message', message: message('s2', 2, 'seen') })).toBeNull();
    const elsewhere = chatReducer(state, { type: 'chat-screen', showing: false });
    expect(notice(elsewhere, { type: 'new-message', message: message('s2', 2, 'x'.repeat(300)) })).toEqual({
      title: 'New message from member 2',
      description: `${'x'.repeat(99)}…`,
    });
  });

  it('tells a member elsewhere in the app that a chat ended, and why', () => {
    const state = acceptedByThem(connected(), 's2', 2);
    expect(notice(state, { type: 'chat-session-ended', sessionId: 's2', reason: 'offline' })?.description).toBe(
      'member 2 went offline, so your chat ended.',
    );
    expect(notice(state, { type: 'chat-session-ended', sessionId: 's2', reason: 'ended' })?.description).toBe(
      'member 2 ended the chat.',
    );
  });

  it('is quiet while the snapshot after a reconnect arrives', () => {
    const syncing = chatReducer(asked, { type: 'connected', now: NOW });
    expect(notice(syncing, { type: 'chat-request-rejected', requestId: `1-2-${NOW}` })).toBeNull();
  });
});
