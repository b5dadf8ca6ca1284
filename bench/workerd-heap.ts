// The JavaScript heap of the isolate beneath a `wrangler dev` (locally the Worker and all its Durable Objects share
// one), sampled through wrangler's inspector every SAMPLE_MS: what the chat benchmark's tail is made of. A fall of
// the used heap by COLLECTION_MB or more between two samples is a collection (a major one frees tens of MB here, and
// pauses the isolate's one thread); the heap's growth between collections is the garbage that outlived the young
// generation, and sets how often a major one comes. A fall is timed by the sample that first showed it.
import { performance } from 'node:perf_hooks';
import { NodeWebSocket } from './node-websocket.ts';

const SAMPLE_MS = 50;
/** Smaller falls are taken for young-generation collections, which come all the time. */
export const COLLECTION_MB = 1;

export interface HeapTrace {
  /** How fast the used heap grew between collections, in MB a second. */
  growthMbPerSecond: number;
  /** Each collection: when the sample after it came back (performance.now()), and the heap before and after. */
  collections: { at: number; fromMb: number; toMb: number }[];
}

/** A session with the isolate's inspector. */
async function inspect(inspectorPort: number): Promise<InstanceType<typeof NodeWebSocket>> {
  const origin = `http://127.0.0.1:${inspectorPort}`;
  const [target] = (await (await fetch(`${origin}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  if (!target) throw new Error(`wrangler's inspector on port ${inspectorPort} lists no isolate`);
  const socket = new NodeWebSocket(target.webSocketDebuggerUrl, { headers: { Origin: origin } });
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener(
      'error',
      () => reject(new Error(`wrangler's inspector on port ${inspectorPort} refused the socket`)),
      { once: true },
    );
  });
  return socket;
}

/**
 * A full collection of the isolate's heap, now: a measured run then starts from the same clean heap whatever its
 * set-up left behind (as JMH collects between a benchmark's iterations).
 */
export async function collectGarbage(inspectorPort: number): Promise<void> {
  const socket = await inspect(inspectorPort);
  await new Promise((resolve) => {
    socket.addEventListener('message', resolve, { once: true });
    socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
  });
  socket.close();
}

/** Starts sampling; `stop` ends it and reads the samples. */
export async function watchHeap(inspectorPort: number): Promise<{ stop(): HeapTrace }> {
  const socket = await inspect(inspectorPort);
  const samples: { at: number; mb: number }[] = [];
  socket.addEventListener('message', (event: MessageEvent) => {
    const usedSize = (JSON.parse(String(event.data)) as { result?: { usedSize?: number } }).result?.usedSize;
    if (usedSize !== undefined) samples.push({ at: performance.now(), mb: usedSize / 1e6 });
  });
  let id = 0;
  const timer = setInterval(() => socket.send(JSON.stringify({ id: ++id, method: 'Runtime.getHeapUsage' })), SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      socket.close();
      return traceOf(samples);
    },
  };
}

function traceOf(samples: { at: number; mb: number }[]): HeapTrace {
  const collections: HeapTrace['collections'] = [];
  let grown = 0;
  let segmentStart = samples[0];
  for (let index = 1; index < samples.length; index++) {
    const before = samples[index - 1]!;
    const after = samples[index]!;
    if (before.mb - after.mb < COLLECTION_MB) continue;
    collections.push({ at: after.at, fromMb: before.mb, toMb: after.mb });
    grown += before.mb - segmentStart!.mb;
    segmentStart = after;
  }
  const last = samples.at(-1);
  if (last && segmentStart) grown += last.mb - segmentStart.mb;
  const seconds = last && samples[0] ? (last.at - samples[0].at) / 1000 : 0;
  return { growthMbPerSecond: seconds > 0 ? grown / seconds : NaN, collections };
}
