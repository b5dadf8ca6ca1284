// The answers the Worker sent with the page (common/page-data.ts, ADR 023): read once at start-up and put in the
// query cache, so the screen's first render has its data without asking the server.
import { PAGE_DATA_ELEMENT_ID, type PageAnswer } from '../../common/page-data.ts';
import type { TrpcUtils } from '../trpc.ts';

interface Seedable {
  setData(input: unknown, data: unknown): void;
  setInfiniteData(input: unknown, data: { pages: unknown[]; pageParams: unknown[] }): void;
}
type Procedures = Record<string, Record<string, Seedable | undefined> | undefined>;

/** Reads the data block (and removes it from the page), puts each answer in the cache; answers what it found. */
export function seedPageData(utils: TrpcUtils): PageAnswer[] {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) return [];
  element.remove();
  let answers: PageAnswer[];
  try {
    answers = JSON.parse(element.textContent ?? '[]') as PageAnswer[];
  } catch {
    return [];
  }
  const procedures = utils as unknown as Procedures;
  for (const { path, input, infinite, data } of answers) {
    const [scope, name] = path.split('.') as [string, string];
    const procedure = procedures[scope]?.[name];
    // A list read as pages: its first page, asked with tRPC's first cursor (null).
    if (infinite) procedure?.setInfiniteData(input, { pages: [data], pageParams: [null] });
    else procedure?.setData(input, data);
  }
  return answers;
}
