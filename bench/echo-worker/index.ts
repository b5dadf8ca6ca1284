// The chat benchmark's bare relay: a SQLite-backed Durable Object holding hibernatable WebSockets, like the
// ChatHub, that forwards every text frame unchanged to both sockets of its pair, the sender's too, as a chat
// session's object sends each message to both members (each sees their own message come back with its id and
// time). No authentication, no validation, no JSON: what is left is the cost of workerd, the sockets and the
// Durable Object runtime for the same frames, the floor the ChatHub's figures are measured against. One object
// holds every pair, or (`&objects=pair`) each pair has an object of its own, as each chat session has in the app
// (ADR 005).
import { DurableObject } from 'cloudflare:workers';

interface Env {
  ECHO_HUB: DurableObjectNamespace<EchoHub>;
}

export class EchoHub extends DurableObject<Env> {
  override async fetch(request: Request): Promise<Response> {
    const pair = new URL(request.url).searchParams.get('pair');
    if (!pair) return new Response('Expected /ws?pair=<n>', { status: 400 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [`pair:${pair}`]);
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const [tag] = this.ctx.getTags(ws);
    for (const socket of this.ctx.getWebSockets(tag)) socket.send(message);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
  }
}

export default {
  async fetch(request, env): Promise<Response> {
    if (new URL(request.url).pathname !== '/ws' || request.headers.get('Upgrade')?.toLowerCase() !== 'websocket')
      return new Response('bare relay: connect two WebSockets to /ws?pair=<n>');
    const url = new URL(request.url);
    const name = url.searchParams.get('objects') === 'pair' ? `pair:${url.searchParams.get('pair')}` : 'global';
    return env.ECHO_HUB.get(env.ECHO_HUB.idFromName(name)).fetch(request);
  },
} satisfies ExportedHandler<Env>;
