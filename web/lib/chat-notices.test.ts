// The toast each frame deserves: how a request ended, a message in a chat not on screen, a chat that ended while
// the member was elsewhere; and none while the snapshot after a reconnect arrives.
import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../common/chat-protocol.ts';
import { noticeFor } from './chat-notices.ts';
import { acceptedByThem, applyActions, chatMessage, connectedState, frameAction, NOW } from './chat-state-fixtures.ts';
import { chatReducer, type ChatState } from './chat-state.ts';

describe('notices', () => {
  function notice(state: ChatState, serverFrame: ServerFrame) {
    return noticeFor(state, chatReducer(state, frameAction(serverFrame)), serverFrame);
  }

  const asked = applyActions(
    connectedState(),
    frameAction({
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
    const state = acceptedByThem(applyActions(connectedState(), { type: 'chat-screen', showing: true }), 's2', 2);
    expect(notice(state, { type: 'new-message', message: chatMessage('s2', 2, 'seen') })).toBeNull();
    const elsewhere = chatReducer(state, { type: 'chat-screen', showing: false });
    expect(notice(elsewhere, { type: 'new-message', message: chatMessage('s2', 2, 'x'.repeat(300)) })).toEqual({
      title: 'New message from member 2',
      description: `${'x'.repeat(99)}…`,
    });
  });

  it('tells a member elsewhere in the app that a chat ended, and why', () => {
    const state = acceptedByThem(connectedState(), 's2', 2);
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
