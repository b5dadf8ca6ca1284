// workerd's TextEncoder.encode returns a Uint8Array over an ArrayBuffer of its own, never a shared one, as the
// DOM's and Node's types say; @cloudflare/workers-types declares it over ArrayBufferLike. This overload, declared
// after that package's (the reference orders it so), says what the runtime does, so the encoded bytes go where an
// ArrayBuffer is asked for: a Response's body, the edge cache's copy (worker/services/edge-cache.ts).
/// <reference types="@cloudflare/workers-types" />

interface TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
}
