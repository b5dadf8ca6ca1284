// The SDK in a web page, as a developer's bundler ships it: signing in (the browser keeps the session cookie), the
// map's spas, the member's own profile, and the chat hub's socket. What it found is written on the page.
import { createClient, nextFrame } from '@spa-community/sdk';

const client = createClient({ baseUrl: location.origin });
const me = await client.trpc.account.login.mutate({ name: 'Makati Serenity Spa', password: 'spa-demo-2026' });
const spas = await client.trpc.map.users.query({ role: 'spa_management' });
const profile = await client.trpc.profiles.profile.query({ me: true });
const hub = await client.chat.connect();
const joined = nextFrame(hub, 'joined');
hub.send(JSON.stringify(client.chat.join));
await joined;
hub.close();
document.body.dataset.result = JSON.stringify({ role: me.role, spas: spas.length, profile: profile.name });
