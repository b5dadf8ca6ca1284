// The answer schema of every list that comes a page at a time (common/page.ts): its items and the next page's cursor.
import * as z from './zod.ts';

export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });
}
