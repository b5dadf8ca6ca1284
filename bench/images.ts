// `npm run bench:images`: photo re-encoding (ADR 017) against the app served as `npm start` serves it (free
// port, throw-away data). A 4096x4096 photo (the largest the server takes) drawn in Chromium, carrying a comment
// and EXIF with GPS, is uploaded as a profile picture (re-encoded twice by the Images binding, which wrangler dev
// runs on sharp: the 400x400 box and the 200x200 thumbnail), and beside it the 400x400 crop the web app sends.
// Printed: the upload's wall time, and the CPU the Worker's own JavaScript spends on it (reading, checks, the
// segment walks, hashing), measured in Node on the same bytes and the same outputs: the decoding and encoding
// happen in the Images service, not on the Worker's CPU. With JSQUASH_DIR pointing at a node_modules holding
// @jsquash/jpeg, png, webp and resize (`npm i --prefix /tmp/jsq @jsquash/jpeg @jsquash/png @jsquash/webp
// @jsquash/resize`, then JSQUASH_DIR=/tmp/jsq/node_modules), the same work done by those WebAssembly codecs is
// timed too, as a Worker would run it: on its own CPU. IMAGES_BENCH_RUNS sets the runs. Nothing fails.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
// Workers' own type, as the package exports it: the Node tools' project declares no Workers globals.
import type { ImagesBinding } from '@cloudflare/workers-types';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed.ts';
import { freePort, startApp } from '../scripts/app.ts';
import { inspectImage, reencodeImage } from '../worker/providers/media.ts';
import { JPEG_400, commentSegment, exifSegment, withSegments } from '../worker/test/fixtures/images.ts';
import { launchChromium } from './browser.ts';
import { benchSize, buildsWeb } from './size.ts';

const SIDE = 4096;
/** Uploads of each photo (IMAGES_BENCH_RUNS, at most 4: the upload limiter allows 10 a minute per member). */
const RUNS = Math.min(4, benchSize(3, 1, 'IMAGES_BENCH_RUNS'));

/** A photo-like picture: gradients, a few thousand soft shapes and fine noise, as a JPEG at quality 0.9. */
async function drawPhoto(side: number): Promise<Uint8Array<ArrayBuffer>> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const base64 = await page.evaluate(async (size) => {
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      const context = canvas.getContext('2d')!;
      let seed = 42;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
      const sky = context.createLinearGradient(0, 0, size, size);
      sky.addColorStop(0, '#0f766e');
      sky.addColorStop(0.5, '#f2c6a0');
      sky.addColorStop(1, '#7c2d12');
      context.fillStyle = sky;
      context.fillRect(0, 0, size, size);
      for (let i = 0; i < 3000; i++) {
        context.fillStyle = `hsla(${Math.floor(random() * 360)}, 55%, ${30 + Math.floor(random() * 50)}%, ${0.15 + random() * 0.5})`;
        context.beginPath();
        context.arc(random() * size, random() * size, 4 + random() * 160, 0, Math.PI * 2);
        context.fill();
      }
      // Sensor-like noise, in strips so no single ImageData is huge.
      const strip = 256;
      for (let y = 0; y < size; y += strip) {
        const data = context.getImageData(0, y, size, strip);
        for (let i = 0; i < data.data.length; i += 4) {
          const noise = (random() - 0.5) * 24;
          data.data[i] = Math.min(255, Math.max(0, data.data[i]! + noise));
          data.data[i + 1] = Math.min(255, Math.max(0, data.data[i + 1]! + noise));
          data.data[i + 2] = Math.min(255, Math.max(0, data.data[i + 2]! + noise));
        }
        context.putImageData(data, 0, y);
      }
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/jpeg', 0.9));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
      return btoa(text);
    }, side);
    return Uint8Array.from(Buffer.from(base64, 'base64'));
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** CPU milliseconds (user + system) and wall milliseconds of one run of `work`, the median of `times`. */
async function timed(times: number, work: () => Promise<unknown>): Promise<{ cpu: number; wall: number }> {
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < times; i++) {
    const startCpu = process.cpuUsage();
    const start = performance.now();
    await work();
    wall.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  return { cpu: median(cpu), wall: median(wall) };
}

/**
 * A stand-in for the Images binding that answers with outputs already made (for the JavaScript-only CPU). It does
 * not read the input: in workerd the runtime streams it to the service natively, outside the isolate's JavaScript.
 */
function answering(outputs: Record<number, Uint8Array>): ImagesBinding {
  return {
    input(stream: ReadableStream) {
      let width = 0;
      const transformer = {
        transform(transform: { width?: number }) {
          width = transform.width ?? width;
          return transformer;
        },
        async output() {
          await stream.cancel();
          const bytes = outputs[width]!;
          return { response: () => new Response(bytes as Uint8Array<ArrayBuffer>) };
        },
      };
      return transformer;
    },
  } as unknown as ImagesBinding;
}

async function jsquashFigures(photo: Uint8Array<ArrayBuffer>, dir: string): Promise<void> {
  const load = (path: string) => import(pathToFileURL(join(dir, '@jsquash', path)).href);
  const wasm = (path: string) => WebAssembly.compile(readFileSync(join(dir, '@jsquash', path)));
  const [decodeModule, encodeModule, resizeModule] = await Promise.all([
    load('jpeg/decode.js'),
    load('jpeg/encode.js'),
    load('resize/index.js'),
  ]);
  await decodeModule.init(await wasm('jpeg/codec/dec/mozjpeg_dec.wasm'));
  await encodeModule.init(await wasm('jpeg/codec/enc/mozjpeg_enc.wasm'));
  await resizeModule.initResize(await wasm('resize/lib/resize/pkg/squoosh_resize_bg.wasm'));
  const decode = (bytes: ArrayBuffer) => decodeModule.default(bytes) as Promise<ImageData>;
  const encode = (pixels: ImageData, quality: number) =>
    encodeModule.default(pixels, { quality }) as Promise<ArrayBuffer>;
  const resize = (pixels: ImageData, width: number, height: number) =>
    resizeModule.default(pixels, { width, height }) as Promise<ImageData>;

  const decoded = await decode(photo.buffer);
  const steps = {
    decode: await timed(RUNS, () => decode(photo.buffer)),
    'resize to 400x400': await timed(RUNS, () => resize(decoded, 400, 400)),
    'resize to 200x200': await timed(RUNS, () => resize(decoded, 200, 200)),
  };
  const small = await resize(decoded, 400, 400);
  const thumbnail = await resize(decoded, 200, 200);
  const encodes = {
    'encode 400x400 q80': await timed(RUNS, () => encode(small, 80)),
    'encode 200x200 q70': await timed(RUNS, () => encode(thumbnail, 70)),
  };
  const whole = await timed(RUNS, async () => {
    const pixels = await decode(photo.buffer);
    await encode(await resize(pixels, 400, 400), 80);
    await encode(await resize(pixels, 200, 200), 70);
  });
  console.log(
    `\njSquash (WebAssembly in this process, single-threaded: what a Worker would spend of its own CPU), median of ${RUNS}`,
  );
  for (const [label, figure] of Object.entries({ ...steps, ...encodes })) {
    console.log(
      `  ${label.padEnd(44)} CPU ${figure.cpu.toFixed(0).padStart(5)} ms   wall ${figure.wall.toFixed(0).padStart(5)} ms`,
    );
  }
  console.log(
    `  ${'the whole upload (decode, 2 resizes, 2 encodes)'.padEnd(44)} CPU ${whole.cpu.toFixed(0).padStart(5)} ms   wall ${whole.wall.toFixed(0).padStart(5)} ms`,
  );
  console.log(
    `  decoded pixels held in memory: ${(decoded.data.length / 1024 / 1024).toFixed(0)} MB (a Worker has 128 MB)`,
  );
}

const dataDir = mkdtempSync(join(tmpdir(), 'spa-bench-images-'));
const app = await startApp({ port: await freePort(), dataDir, build: buildsWeb() });
try {
  const origin = app.url;
  const client = DEMO_ACCOUNTS.find((account) => account.role === 'client')!;
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ name: client.name, password: DEMO_PASSWORD }),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((value) => value.startsWith('session='))!
    .split(';')[0]!;

  const drawn = await drawPhoto(SIDE);
  const photo = withSegments(drawn, commentSegment('<img src=x onerror=alert(1)>'), exifSegment({ orientation: 1 }));
  const crop = JPEG_400;

  const upload = async (bytes: Uint8Array<ArrayBuffer>) => {
    const form = new FormData();
    form.append('profilePic', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
    const response = await fetch(`${origin}/api/profile/upload-pic`, {
      method: 'POST',
      headers: { Origin: origin, Cookie: cookie },
      body: form,
    });
    if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { profilePic: string; profilePicThumbnail: string };
  };
  const media = async (url: string) => new Uint8Array(await (await fetch(`${origin}${url}`)).arrayBuffer());

  console.log(`\nPhoto re-encoding through the Images binding (wrangler dev: sharp), median of ${RUNS} uploads`);
  console.log(
    `${'upload'.padEnd(44)} sent        stored (photo + thumbnail)   wall ms   Worker JS CPU ms: checks + re-encoding steps`,
  );
  for (const [label, bytes] of [
    [`${SIDE}x${SIDE} photo with a comment and EXIF/GPS`, photo],
    ['400x400 crop (what the web app sends)', crop],
  ] as const) {
    let answer: { profilePic: string; profilePicThumbnail: string } | undefined;
    const { wall } = await timed(RUNS, async () => (answer = await upload(bytes)));
    const [picture, thumbnail] = await Promise.all([media(answer!.profilePic), media(answer!.profilePicThumbnail)]);
    // The Worker's own JavaScript on the same bytes: reading and checking the upload, the segment walks before
    // and after the binding, the hash of each output (the binding answers with the outputs already made).
    const binding = answering({ 400: picture, 200: thumbnail });
    const inspected = await inspectImage(new Blob([bytes]), { field: 'profilePic' });
    const checks = await timed(RUNS * 3, () => inspectImage(new Blob([bytes]), { field: 'profilePic' }));
    const steps = await timed(RUNS * 3, async () => {
      const encoded = await reencodeImage(binding, inspected, ['profile', 'thumbnail']);
      await Promise.all(encoded.map((image) => crypto.subtle.digest('SHA-256', image.bytes)));
    });
    const cpu = `${(checks.cpu + steps.cpu).toFixed(1)}: ${checks.cpu.toFixed(1)} + ${steps.cpu.toFixed(1)}`;
    console.log(
      `${label.padEnd(44)} ${kb(bytes.length).padStart(8)}    ${`${kb(picture.length)} + ${kb(thumbnail.length)}`.padEnd(27)} ${wall.toFixed(0).padStart(7)}   ${cpu}`,
    );
  }

  const jsquash = process.env.JSQUASH_DIR;
  if (jsquash && existsSync(join(jsquash, '@jsquash', 'jpeg'))) await jsquashFigures(photo, jsquash);
  else
    console.log(
      '\njSquash: not measured (set JSQUASH_DIR to a node_modules holding @jsquash/jpeg, png, webp and resize)',
    );
} finally {
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
