// Calls the SDK's types refuse, each a type error in a consumer with `tsc --init`'s settings: type-checked by
// scripts/sdk-package/sdk-package.test.ts, never run. A directive with no error under it fails that check.
import { createClient, type ClientFrame } from '@spa-community/sdk';

const client = createClient({ baseUrl: 'http://127.0.0.1:8787' });

// @ts-expect-error: there is no account.signIn
await client.trpc.account.signIn.mutate({ name: 'Juan dela Cruz', password: 'spa-demo-2026' });
// @ts-expect-error: signing in takes a password
await client.trpc.account.login.mutate({ name: 'Juan dela Cruz' });
// @ts-expect-error: the map lists members by one of the four roles
await client.trpc.map.users.query({ role: 'masseur' });
// @ts-expect-error: a review has its text
await client.trpc.reviews.submit.mutate({ targetUserId: 5, giveStar: true });
// @ts-expect-error: the map's listing is a query
await client.trpc.map.users.mutate({ role: 'spa_management' });
// @ts-expect-error: a flower names the spa it is given at
await client.trpc.recognition.giveFlower.mutate({ recipientId: 7 });

const me = await client.trpc.account.me.query();
// @ts-expect-error: nobody may be signed in
console.log(me.name);
const spas = await client.trpc.map.users.query({ role: 'spa_management' });
// @ts-expect-error: a listed spa has no password
console.log(spas[0]?.passwordHash);

// @ts-expect-error: the hub takes no such frame
const shout: ClientFrame = { type: 'shout' };
console.log(shout);
// @ts-expect-error: a chat session is named by its id
await client.chat.connect(42);
