// Resident memory and CPU time of the workerd processes beneath a `wrangler dev`, read from /proc: what the chat
// benchmarks (bench/chat.ts, bench/chat-presence.ts) charge to the Worker and its Durable Objects.
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: /proc counts CPU time in these ticks (100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Resident memory (MB) and CPU time (s) of the workerd processes beneath a wrangler process, from /proc. */
export function workerdUsage(wranglerPid: number): { rssMb: number; cpuSeconds: number } {
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command name: state, ppid, ... utime and stime are the 12th and 13th fields.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended meanwhile.
    }
  }
  let kilobytes = 0;
  let cpuTicks = 0;
  const pending = [...(children.get(wranglerPid) ?? [])];
  while (pending.length) {
    const pid = pending.pop()!;
    pending.push(...(children.get(pid) ?? []));
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('workerd')) continue;
      kilobytes += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      cpuTicks += ticks.get(pid) ?? 0;
    } catch {
      // The process ended meanwhile.
    }
  }
  return { rssMb: kilobytes / 1024, cpuSeconds: cpuTicks / TICKS_PER_SECOND };
}
