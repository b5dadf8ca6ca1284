// The chat state reducer, driven by the hub's frames as the connection hands them over: which chat opens (never
// one behind the member's back), unread counts, the snapshot after a reconnect (`joined` settles what ended
// meanwhile), and a partner away.
import { describe, expect, it } from 'vitest';
import { totalUnread } from './chat-selectors.ts';
import {
  acceptedByThem,
  applyActions,
  chatMessage,
  connectedState,
  frameAction,
  NOW,
  sessionStarted,
} from './chat-state-fixtures.ts';
import { initialChatState } from './chat-state.ts';

describe('the online list', () => {
  const user = (id: number, name: string) => ({ id, name, role: 'client' as const, memberNumber: id });

  it('takes a whole list, then the changes after it, sorted by name as the hub sorts it', () => {
    let state = applyActions(
      connectedState(),
      frameAction({ type: 'online-users-updated', users: [user(2, 'Bituin'), user(3, 'Dalisay')] }),
    );
    state = applyActions(
      state,
      frameAction({ type: 'online-users-changed', joined: [user(4, 'Amihan'), user(5, 'Crisanto')], left: [3] }),
    );
    expect(state.users.map((entry) => entry.name)).toEqual(['Amihan', 'Bituin', 'Crisanto']);
    // A changed entry replaces the old one; leaving someone not listed, or joining someone listed, changes nothing else.
    state = applyActions(
      state,
      frameAction({
        type: 'online-users-changed',
        joined: [user(2, 'Bituin'), { ...user(5, 'Crisanto'), role: 'therapist' }],
        left: [9],
      }),
    );
    expect(state.users).toEqual([user(4, 'Amihan'), user(2, 'Bituin'), { ...user(5, 'Crisanto'), role: 'therapist' }]);
    // A whole list may come again at any time and replaces the list.
    state = applyActions(state, frameAction({ type: 'online-users-updated', users: [user(3, 'Dalisay')] }));
    expect(state.users).toEqual([user(3, 'Dalisay')]);
  });
});

describe('which chat is on screen', () => {
  it('opens a chat this side asked for when no other is open, but never switches away from an open one', () => {
    let state = applyActions(connectedState(), { type: 'chat-screen', showing: true });
    state = acceptedByThem(state, 's2', 2);
    expect(state.openSessionId).toBe('s2');
    state = acceptedByThem(state, 's3', 3);
    expect(state.openSessionId).toBe('s2');
    expect(state.sessions.map((session) => session.sessionId)).toEqual(['s2', 's3']);
  });

  it('opens a chat this side accepted, even from another open chat', () => {
    let state = acceptedByThem(applyActions(connectedState(), { type: 'chat-screen', showing: true }), 's2', 2);
    state = applyActions(
      state,
      frameAction({
        type: 'incoming-chat-request',
        requestId: `4-1-${NOW}`,
        requesterId: 4,
        requesterName: 'member 4',
        remainingTime: 30,
      }),
      { type: 'request-accepting', requestId: `4-1-${NOW}`, memberId: 4 },
      frameAction(sessionStarted('s4', 4)),
    );
    expect(state.openSessionId).toBe('s4');
    expect(state.incoming).toEqual([]);
  });

  it('leaves the screen as it was for a session the hub replays', () => {
    const state = applyActions(
      initialChatState(NOW, 's9'),
      { type: 'connected', now: NOW },
      frameAction(sessionStarted('s8', 8)),
      frameAction(sessionStarted('s9', 9)),
      frameAction({ type: 'joined' }),
    );
    expect(state.openSessionId).toBe('s9');
  });
});

describe('unread messages', () => {
  it('counts messages from the partner while their chat is not on screen, and clears them when it is', () => {
    let state = acceptedByThem(applyActions(connectedState(), { type: 'chat-screen', showing: true }), 's2', 2);
    state = acceptedByThem(state, 's3', 3);
    state = applyActions(
      state,
      frameAction({ type: 'new-message', message: chatMessage('s3', 3, 'hi') }),
      frameAction({ type: 'new-message', message: chatMessage('s2', 2, 'on screen') }),
    );
    expect(state.sessions.map((session) => session.unread)).toEqual([0, 1]);
    // Own messages (from another tab) and repeated ones count nothing.
    state = applyActions(
      state,
      frameAction({ type: 'new-message', message: chatMessage('s3', 1, 'mine') }),
      frameAction({ type: 'new-message', message: chatMessage('s3', 3, 'hi') }),
    );
    expect(totalUnread(state.sessions)).toBe(1);
    // Leaving the chat screen: even the open chat counts.
    state = applyActions(
      state,
      { type: 'chat-screen', showing: false },
      frameAction({ type: 'new-message', message: chatMessage('s2', 2, 'while away') }),
    );
    expect(totalUnread(state.sessions)).toBe(2);
    state = applyActions(state, { type: 'chat-screen', showing: true });
    expect(state.sessions.map((session) => session.unread)).toEqual([0, 1]);
    state = applyActions(state, { type: 'open-session', sessionId: 's3' });
    expect(totalUnread(state.sessions)).toBe(0);
  });

  it('keeps messages replayed after a reconnect in time order, once each', () => {
    let state = acceptedByThem(connectedState(), 's2', 2);
    state = applyActions(state, frameAction({ type: 'new-message', message: chatMessage('s2', 2, 'second', NOW + 2) }));
    state = applyActions(
      state,
      { type: 'connected', now: NOW + 10 },
      frameAction(sessionStarted('s2', 2)),
      frameAction({ type: 'new-message', message: chatMessage('s2', 2, 'first', NOW + 1) }),
      frameAction({ type: 'new-message', message: chatMessage('s2', 2, 'second', NOW + 2) }),
      frameAction({ type: 'joined' }),
    );
    expect(state.sessions[0]!.messages.map((known) => known.content)).toEqual(['first', 'second']);
  });
});

describe('after a reconnect', () => {
  it('keeps everything on screen while the snapshot arrives, then drops what it did not confirm', () => {
    let state = acceptedByThem(applyActions(connectedState(), { type: 'chat-screen', showing: true }), 's2', 2);
    state = acceptedByThem(state, 's3', 3);
    state = applyActions(
      state,
      frameAction({
        type: 'incoming-chat-request',
        requestId: `5-1-${NOW}`,
        requesterId: 5,
        requesterName: 'member 5',
        remainingTime: 30,
      }),
    );
    state = applyActions(
      state,
      { type: 'disconnected' },
      { type: 'connected', now: NOW + 1000 },
      frameAction(sessionStarted('s3', 3)),
    );
    expect(state.sessions).toHaveLength(2);
    expect(state.incoming).toHaveLength(1);
    state = applyActions(state, frameAction({ type: 'joined' }));
    expect(state.sessions.map((session) => session.sessionId)).toEqual(['s3']);
    expect(state.incoming).toEqual([]);
    expect(state.openSessionId).toBeNull();
    expect(state.endedWith).toEqual({ name: 'member 2', reason: 'missed' });
  });
});

describe('a partner away', () => {
  it('shows when the chat ends unless they return, and clears when they do', () => {
    let state = acceptedByThem(connectedState(), 's2', 2);
    state = applyActions(
      state,
      frameAction(
        { type: 'chat-partner-status', sessionId: 's2', participantId: 2, away: true, remainingTime: 30 },
        NOW + 5,
      ),
    );
    expect(state.sessions[0]!.partnerAwayUntil).toBe(NOW + 5 + 30_000);
    state = applyActions(
      state,
      frameAction({ type: 'chat-partner-status', sessionId: 's2', participantId: 2, away: false, remainingTime: 0 }),
    );
    expect(state.sessions[0]!.partnerAwayUntil).toBeNull();
  });
});
