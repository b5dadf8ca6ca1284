// Node's WebSocket is undici's, which takes request headers as a non-standard second argument: the chat benchmarks
// sign their members in with a header, and wrangler's inspector answers only a socket that names an Origin.
export const NodeWebSocket = WebSocket as unknown as new (
  url: string,
  init: { headers: Record<string, string> },
) => WebSocket;
