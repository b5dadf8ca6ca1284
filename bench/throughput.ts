// Throughput of one path against a started app, as every HTTP benchmark measures it: autocannon (10 connections,
// loopback) for what a client sees, and the CPU the workerd processes beneath wrangler spent per request over the
// same run (from /proc). Both are printed because on this 2-core machine the client competes with the server for
// CPU: autocannon keeps every body as a string (a gzipped body, bytes that are not text, cost it about a
// millisecond to decode), so a path's req/s also moves with what the client pays for its answers.
import autocannon from 'autocannon';
import type { RunningApp } from '../scripts/app.ts';
import { workerdUsage } from './workerd-usage.ts';

interface Throughput {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time of the Worker's workerd and wrangler's proxy, per answered request. */
  cpuMsPerRequest: number;
}

async function throughput(
  app: Pick<RunningApp, 'url' | 'pid'>,
  path: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Throughput> {
  // A second of the same load first, not measured: the table's first row (the baseline) otherwise ran on code the
  // isolate had not compiled yet, and one full bench had it 28% dearer per request than the same path later on.
  await autocannon({ url: `${app.url}${path}`, connections: 10, duration: Math.min(1, seconds), headers });
  const before = workerdUsage(app.pid).cpuSeconds;
  const result = await autocannon({ url: `${app.url}${path}`, connections: 10, duration: seconds, headers });
  const cpuSeconds = workerdUsage(app.pid).cpuSeconds - before;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    cpuMsPerRequest: (cpuSeconds * 1000) / Math.max(1, result.requests.total),
  };
}

/** The header of a throughput table whose labels are `width` wide. */
function throughputHeader(width: number): string {
  return `${'endpoint'.padEnd(width)} req/s     p50 ms   p99 ms   errors   CPU ms/req   vs /sw.js: req/s, CPU`;
}

/**
 * One row: the figures, and the ratios to the baseline (`/sw.js` in the same run) by req/s and by CPU per request
 * (higher is better for both); with a budget, whether both ratios reach it.
 */
function throughputRow(
  label: string,
  width: number,
  figures: Throughput,
  baseline: Throughput,
  budget?: number,
): string {
  const byRate = figures.requestsPerSecond / baseline.requestsPerSecond;
  const byCpu = baseline.cpuMsPerRequest / figures.cpuMsPerRequest;
  const verdict = budget === undefined ? '' : byRate >= budget && byCpu >= budget ? ' ok' : ' UNDER';
  return `${label.padEnd(width)} ${figures.requestsPerSecond.toFixed(0).padStart(6)}   ${String(figures.p50).padStart(6)}   ${String(figures.p99).padStart(6)}   ${String(figures.errors).padStart(6)}   ${figures.cpuMsPerRequest.toFixed(2).padStart(10)}   ${byRate.toFixed(2)}x, ${byCpu.toFixed(2)}x${verdict}`;
}

export interface ThroughputRow {
  label: string;
  path: string;
  headers?: Record<string, string>;
  /** The ratio both figures must reach against the baseline, where the row has a budget. */
  budget?: number;
}

/** Measures and prints a table whose first row, `GET /sw.js`, is the baseline of the rows after it. */
export async function throughputTable(
  app: Pick<RunningApp, 'url' | 'pid'>,
  rows: ThroughputRow[],
  options: { width: number; seconds: number },
): Promise<void> {
  console.log(throughputHeader(options.width));
  let baseline: Throughput | undefined;
  for (const { label, path, headers, budget } of rows) {
    const figures = await throughput(app, path, headers ?? {}, options.seconds);
    baseline ??= figures;
    console.log(throughputRow(label, options.width, figures, baseline, budget));
  }
}
