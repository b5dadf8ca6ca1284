// One shape for every list that comes a page at a time (profiles' lists, member search, the admin's member list and
// audit log): the items and an opaque cursor of the next page, null on the last. Queries fetch one row more than
// a page; that row only says whether another page follows.

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The page of `rows` fetched with one extra row: `size` items, and the next page's cursor when the extra row came. */
export function pageOf<Row, Item>(
  rows: Row[],
  size: number,
  map: (row: Row) => Item,
  cursorAfter: (last: Row) => string,
): Page<Item> {
  const kept = rows.slice(0, size);
  return { items: kept.map(map), nextCursor: rows.length > size && kept.length > 0 ? cursorAfter(kept.at(-1)!) : null };
}
