// The built-in editor's CPU (ADR 021), in Node on the same V8 and the same modules the Worker runs: building the
// en_US speller from the dictionary's text (once per isolate, on the first AI Assist call), indexing the
// gazetteer's places (once per isolate), and one correction of a typical about text and of a typical review with
// a few slips each (every call). A Worker's clock stands still while it computes, so CPU is measured here, with
// process.cpuUsage(). The dictionary's two files are read as the web build writes them into the static assets.
// AI_EDITOR_BENCH_RUNS sets the corrections timed. Nothing fails on a figure.
import { readFileSync } from 'node:fs';
import type { GazetteerFile } from '../common/geo.ts';
import { ACCEPTED_WORDS, editWithChanges } from '../worker/providers/ai-editor.ts';
import { buildEnglishSpeller } from '../worker/providers/english-dictionary.ts';
import { STATIC_DATA } from '../worker/providers/static-data.ts';
import { workerDataFiles } from '../scripts/worker-data.ts';
import { AI_ASSIST_OUTPUT_MAX_LENGTH } from '../common/ai-assist.ts';
import { benchSize } from './size.ts';

const RUNS = benchSize(50, 3, 'AI_EDITOR_BENCH_RUNS');

const ABOUT =
  'i am a licensed therapist from quezon city with 8 years experiance. i speak english and tagalog , and i do hilot, ' +
  'ventosa and swedish massge at home or in our spa in makati. message me on viber to book.we are open daily from 10am to 9pm.';
const REVIEW =
  'The therapist was very profesional and the room was clen. The aircon was a bit cold but the wifi worked. ' +
  'i will definately come back next saturday with my freinds, its sulit for the price!';

/** CPU milliseconds (user and system) spent by `work`. */
function cpuMs(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

let places: { name: string; population: number }[] | undefined;
try {
  const file = JSON.parse(readFileSync('dist/web/geo/ph-places.json', 'utf8')) as GazetteerFile;
  places = file.places.map(([name, , , population]) => ({ name, population }));
} catch {
  console.log('ai-editor: no web build (dist/web/geo/ph-places.json): places are left out');
}

const data = workerDataFiles();
let speller!: ReturnType<typeof buildEnglishSpeller>;
const building = cpuMs(
  () =>
    (speller = buildEnglishSpeller(
      data[STATIC_DATA.dictionaryAffix]!,
      data[STATIC_DATA.dictionaryWords]!,
      ACCEPTED_WORDS,
    )),
);
const firstCall = cpuMs(() => editWithChanges(ABOUT, AI_ASSIST_OUTPUT_MAX_LENGTH, { speller, places }));
const about: number[] = [];
const review: number[] = [];
for (let run = 0; run < RUNS; run++) {
  about.push(cpuMs(() => editWithChanges(ABOUT, AI_ASSIST_OUTPUT_MAX_LENGTH, { speller, places })));
  review.push(cpuMs(() => editWithChanges(REVIEW, AI_ASSIST_OUTPUT_MAX_LENGTH, { speller, places })));
}
const sample = editWithChanges(REVIEW, AI_ASSIST_OUTPUT_MAX_LENGTH, { speller, places });

console.log('\nBuilt-in editor (CPU in Node, same modules as the Worker)');
console.log(`  building the en_US speller (once per isolate): ${building.toFixed(1)} ms`);
console.log(
  `  first correction, indexing ${places?.length ?? 0} places (once per isolate): ${firstCall.toFixed(1)} ms`,
);
console.log(
  `  a ${ABOUT.length}-character about text: median ${median(about).toFixed(2)} ms, max ${Math.max(...about).toFixed(2)} ms (${RUNS} runs)`,
);
console.log(
  `  a ${REVIEW.length}-character review: median ${median(review).toFixed(2)} ms, max ${Math.max(...review).toFixed(2)} ms (${RUNS} runs)`,
);
console.log(
  `  the review's changes: ${sample.changes.map((change) => (change.kind === 'word' ? `${change.from} → ${change.to}` : change.kind)).join(', ')}`,
);
