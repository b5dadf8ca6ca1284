// The typed SDK against the Worker: a script signs in without a browser and calls procedures as that member.
import { exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import {
  applyPresence,
  buildRequestId,
  createClient,
  type ClientFrame,
  type OnlineUser,
  type ServerFrame,
  type SpaClient,
} from '../../sdk/src/index.ts';
import { JPEG_400, PNG_64x48 } from './fixtures/images.ts';
import { BASE, call, GOOD_PASSWORD, json, type Output } from './helpers.ts';
import { createMember } from './members.ts';

const workerFetch = ((input: RequestInfo | URL, init?: RequestInit) =>
  exports.default.fetch(new Request(input, init))) as typeof fetch;

/** A fetch that also notes each request's path and content type, to see how the SDK sent a call. */
function recordingFetch(seen: { path: string; type: string }[]): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({ path: new URL(request.url).pathname, type: request.headers.get('Content-Type') ?? '' });
    return exports.default.fetch(request);
  }) as typeof fetch;
}

/**
 * The address answers with an image: a 200, an image type and the bytes of a JPEG, PNG or WebP. (The server may
 * re-encode what it was sent, so the bytes are not compared with the upload.)
 */
async function expectImageAt(url: string | null | undefined): Promise<void> {
  expect(url).toMatch(/^\/media\//);
  const response = await call(url!);
  expect(response.status, url!).toBe(200);
  expect(response.headers.get('Content-Type'), url!).toMatch(/^image\/(jpeg|png|webp)$/);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes[0] === 0x89 && String.fromCharCode(...bytes.slice(1, 4)) === 'PNG';
  const webp =
    String.fromCharCode(...bytes.slice(0, 4)) === 'RIFF' && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP';
  expect(jpeg || png || webp, `${url} holds a JPEG, PNG or WebP`).toBe(true);
}

describe('typed SDK', () => {
  it('signs in, reads the current user, and signs out', async () => {
    const registered = await createMember('therapist');
    const { name } = registered;

    const client = createClient({ baseUrl: BASE, fetch: workerFetch });
    expect(await client.trpc.account.me.query()).toBeNull();

    const signedIn = await client.trpc.account.login.mutate({ name, password: GOOD_PASSWORD });
    expect(signedIn.id).toBe(registered.id);
    expect(client.sessionToken()).toMatch(/^[a-z0-9]+\.[a-z0-9]+$/);

    const me = await client.trpc.account.me.query();
    expect(me).toMatchObject({ id: registered.id, name, role: 'therapist' });

    // A second client resumes the same session from the token alone.
    const resumed = createClient({ baseUrl: BASE, fetch: workerFetch, sessionToken: client.sessionToken()! });
    expect((await resumed.trpc.account.me.query())?.id).toBe(registered.id);

    await client.trpc.account.logout.mutate();
    expect(client.sessionToken()).toBeNull();
    expect(await resumed.trpc.account.me.query()).toBeNull();
  });

  it('opens the chat socket with the address, headers and join it provides, keeps the online list from the changes, and chats over a session socket', async () => {
    const { name } = await createMember();
    const client = createClient({ baseUrl: BASE, fetch: workerFetch });
    const me = await client.trpc.account.login.mutate({ name, password: GOOD_PASSWORD });
    expect(client.chat.url).toBe('wss://spa.test/ws/chat');

    const open = async (sdk: SpaClient) => {
      const response = await exports.default.fetch(
        new Request(sdk.chat.url.replace(/^ws/, 'http'), { headers: { ...sdk.chat.headers(), Upgrade: 'websocket' } }),
      );
      expect(response.status).toBe(101);
      const socket = response.webSocket!;
      socket.accept();
      return socket;
    };
    const socket = await open(client);
    let users: OnlineUser[] = [];
    const frames: ServerFrame[] = [];
    let heard = () => {};
    socket.addEventListener('message', (event) => {
      const frame = JSON.parse(event.data as string) as ServerFrame;
      frames.push(frame);
      users = applyPresence(users, frame);
      heard();
    });
    const until = (done: () => boolean) =>
      new Promise<void>((resolve) => {
        heard = () => done() && resolve();
        heard();
      });
    socket.send(JSON.stringify(client.chat.join));
    await until(() => users.some((user) => user.id === me.id));
    expect(frames[0]?.type).toBe('online-users-updated');

    // Another member comes online: this socket hears only them.
    const other = await createMember();
    const otherClient = createClient({ baseUrl: BASE, fetch: workerFetch, sessionToken: other.token });
    const otherSocket = await open(otherClient);
    await until(() => users.some((user) => user.id === other.id));
    const change = frames.find(
      (frame) => frame.type === 'online-users-changed' && frame.joined.some((user) => user.id === other.id),
    );
    expect(change).toEqual({
      type: 'online-users-changed',
      joined: [expect.objectContaining({ id: other.id, name: other.name })],
      left: [],
    });
    expect(frames.filter((frame) => frame.type === 'online-users-updated')).toHaveLength(1);
    expect(users.some((user) => user.id === me.id)).toBe(true);

    // A chat: asked and accepted on the hub's sockets, then a message over the session's own sockets.
    const otherFrames: ServerFrame[] = [];
    otherSocket.addEventListener('message', (event) =>
      otherFrames.push(JSON.parse(event.data as string) as ServerFrame),
    );
    otherSocket.send(JSON.stringify(otherClient.chat.join));
    const requestId = buildRequestId(me.id, other.id, Date.now());
    socket.send(JSON.stringify({ type: 'chat-request', recipientId: other.id, requestId } satisfies ClientFrame));
    await until(() => frames.some((frame) => frame.type === 'chat-request-sent'));
    await vi.waitUntil(() => otherFrames.some((frame) => frame.type === 'incoming-chat-request'));
    otherSocket.send(JSON.stringify({ type: 'accept-chat-request', requestId } satisfies ClientFrame));
    await until(() => frames.some((frame) => frame.type === 'chat-session-started'));
    const started = frames.find((frame) => frame.type === 'chat-session-started')!;
    const sessionId = started.type === 'chat-session-started' ? started.sessionId : '';
    expect(client.chat.sessionUrl(sessionId)).toBe(`wss://spa.test/ws/chat/session/${sessionId}`);
    const openSession = async (sdk: SpaClient) => {
      const response = await exports.default.fetch(
        new Request(sdk.chat.sessionUrl(sessionId).replace(/^ws/, 'http'), {
          headers: { ...sdk.chat.headers(), Upgrade: 'websocket' },
        }),
      );
      expect(response.status).toBe(101);
      response.webSocket!.accept();
      return response.webSocket!;
    };
    const mine = await openSession(client);
    const theirs = await openSession(otherClient);
    const delivered = new Promise<ServerFrame>((resolve) =>
      theirs.addEventListener('message', (event) => resolve(JSON.parse(event.data as string) as ServerFrame), {
        once: true,
      }),
    );
    mine.send(
      JSON.stringify({ type: 'send-message', sessionId, content: 'Hello from a script' } satisfies ClientFrame),
    );
    expect(await delivered).toMatchObject({
      type: 'new-message',
      message: { sessionId, senderId: me.id, content: 'Hello from a script' },
    });
    for (const open of [mine, theirs, otherSocket, socket]) open.close();
  });

  it('surfaces the server message on failure', async () => {
    const client = createClient({ baseUrl: BASE, fetch: workerFetch });
    await expect(client.trpc.account.login.mutate({ name: 'No Such Member', password: GOOD_PASSWORD })).rejects.toThrow(
      'Invalid name or password.',
    );
  });

  it('uploads a profile photo: a FormData input travels alone as multipart/form-data, not in a JSON batch', async () => {
    const { name } = await createMember();
    const seen: { path: string; type: string }[] = [];
    const client = createClient({ baseUrl: BASE, fetch: recordingFetch(seen) });
    await client.trpc.account.login.mutate({ name, password: GOOD_PASSWORD });

    const form = new FormData();
    form.append('profilePic', new File([JPEG_400], 'me.jpg', { type: 'image/jpeg' }));
    // Sent beside a JSON call: the query still goes batched, the upload alone.
    const [uploaded, before] = await Promise.all([
      client.trpc.profiles.uploadPicture.mutate(form),
      client.trpc.account.me.query(),
    ]);
    expect(before?.name).toBe(name);
    expect(uploaded.message).toBe('Profile picture updated');
    const upload = seen.find((request) => request.path === '/trpc/profiles.uploadPicture');
    expect(upload?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.find((request) => request.path === '/trpc/account.me')?.type ?? '').not.toMatch(/multipart/);

    await expectImageAt(uploaded.profilePic);
    if (uploaded.profilePicThumbnail !== null) await expectImageAt(uploaded.profilePicThumbnail);
    const me = await client.trpc.account.me.query();
    expect(me?.profilePic).toBe(uploaded.profilePic);

    // The server's rules hold over this path too: not an image is refused with its message.
    const text = new FormData();
    text.append('profilePic', new File(['<html></html>'], 'me.jpg', { type: 'image/jpeg' }));
    await expect(client.trpc.profiles.uploadPicture.mutate(text)).rejects.toMatchObject({ data: { httpStatus: 415 } });
  });

  it('uploads a spa image as an admin: one FormData with the spa id and spaImage', async () => {
    const admin = await createMember('admin');
    const client = createClient({ baseUrl: BASE, fetch: workerFetch, sessionToken: admin.token });
    const spa = await client.trpc.admin.createSpa.mutate({
      name: `SDK Spa ${crypto.randomUUID().slice(0, 8)}`,
      address: '1 Ayala Ave, Makati',
      latitude: 14.55,
      longitude: 121.02,
    });

    const form = new FormData();
    form.append('id', String(spa.id));
    form.append('spaImage', new File([PNG_64x48], 'spa.png', { type: 'image/png' }));
    const uploaded = await client.trpc.admin.uploadSpaImage.mutate(form);
    expect(uploaded.message).toBe('Spa image uploaded successfully');
    await expectImageAt(uploaded.imageUrl);
    const listed = (await client.trpc.admin.spas.query()).find((row) => row.id === spa.id);
    expect(listed?.imageUrl).toBe(uploaded.imageUrl);

    // A form without the spa, or for a spa that does not exist, is refused; a member who is not an admin is 403.
    const noSpa = new FormData();
    noSpa.append('spaImage', new File([PNG_64x48], 'spa.png', { type: 'image/png' }));
    await expect(client.trpc.admin.uploadSpaImage.mutate(noSpa)).rejects.toMatchObject({ data: { httpStatus: 400 } });
    const missing = new FormData();
    missing.append('id', '999999999');
    missing.append('spaImage', new File([PNG_64x48], 'spa.png', { type: 'image/png' }));
    await expect(client.trpc.admin.uploadSpaImage.mutate(missing)).rejects.toMatchObject({ data: { httpStatus: 404 } });
    const someone = await createMember('client');
    const memberClient = createClient({ baseUrl: BASE, fetch: workerFetch, sessionToken: someone.token });
    await expect(memberClient.trpc.admin.uploadSpaImage.mutate(form)).rejects.toMatchObject({
      data: { httpStatus: 403 },
    });

    // The REST path is unchanged: multipart field spaImage, the spa from the address (an id in the form is ignored).
    const rest = new FormData();
    rest.append('id', '999999999');
    rest.append('spaImage', new Blob([JPEG_400], { type: 'image/jpeg' }), 'spa.jpg');
    const response = await call(`/api/spas/${spa.id}/upload-image`, {
      method: 'POST',
      rawBody: rest as unknown as string,
      cookie: admin.cookie,
    });
    expect(response.status).toBe(200);
    const body = await json<Output<'admin.uploadSpaImage'>>(response);
    expect(body.message).toBe('Spa image uploaded successfully');
    await expectImageAt(body.imageUrl);
  });

  it('keeps JSON calls batched and multipart refused on other procedures', async () => {
    const seen: { path: string; type: string }[] = [];
    const client = createClient({ baseUrl: BASE, fetch: recordingFetch(seen) });
    await Promise.all([client.trpc.account.me.query(), client.trpc.account.captchaConfig.query()]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe('/trpc/account.me,account.captchaConfig');
    // A multipart body anywhere but the two upload procedures is still 415.
    const form = new FormData();
    form.append('name', 'x');
    const refused = await call('/trpc/profiles.update', { method: 'POST', rawBody: form as unknown as string });
    expect(refused.status).toBe(415);
  });

  it('manages the account’s privacy: devices, the download, and deleting the account (alone, never batched)', async () => {
    const { id, name } = await createMember();
    const seen: { path: string; type: string }[] = [];
    const phone = createClient({ baseUrl: BASE, fetch: recordingFetch(seen) });
    const laptop = createClient({ baseUrl: BASE, fetch: workerFetch });
    await phone.trpc.account.login.mutate({ name, password: GOOD_PASSWORD });
    await laptop.trpc.account.login.mutate({ name, password: GOOD_PASSWORD });

    const devices = await phone.trpc.privacy.sessions.query();
    expect(devices.filter((device) => device.current)).toHaveLength(1);
    const other = devices.find((device) => device.id === laptop.sessionToken()!.split('.')[0]);
    expect(other?.current).toBe(false);
    expect(await phone.trpc.privacy.endSession.mutate({ id: other!.id })).toMatchObject({ ended: 1, current: false });
    expect(await laptop.trpc.account.me.query()).toBeNull();

    const data = await phone.trpc.privacy.exportData.query();
    expect(data.account).toMatchObject({ id, name });
    expect(JSON.stringify(data)).not.toContain(phone.sessionToken()!.split('.')[1]);

    // Deleting goes alone even beside another call, and leaves the client signed out.
    seen.length = 0;
    const [, deleted] = await Promise.all([
      phone.trpc.account.me.query(),
      phone.trpc.privacy.deleteAccount.mutate({ password: GOOD_PASSWORD }),
    ]);
    expect(deleted).toEqual({ deleted: true, message: 'Your account has been deleted.' });
    expect(seen.map((request) => request.path)).toContain('/trpc/privacy.deleteAccount');
    expect(phone.sessionToken()).toBeNull();
    await expect(phone.trpc.account.login.mutate({ name, password: GOOD_PASSWORD })).rejects.toThrow(
      'Invalid name or password.',
    );
  });
});
