// The percentile the benchmarks print: the value at rank floor(n x p) of the sorted samples (p from 0 to 1).
export function percentile(values: number[], p: number): number {
  return [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
}
