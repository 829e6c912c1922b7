/**
 * A paged list's `total` counts at most this many matches past the page's start. An exact count would visit every
 * match (100,000 rows cost more than the page itself); this bound costs no more than the OFFSET already does, and a
 * screen still knows whether a next page exists.
 */
export const TOTAL_WINDOW = 1000;

/** A page's total: `total`, and whether more rows match than it says. */
export interface BoundedTotal {
  total: number;
  capped: boolean;
}

/**
 * The total of a page of `rowCount` rows at `offset`: a page that is not full tells it; otherwise (or for an empty
 * page past the end) `countUpTo(limit)` counts the matches, stopping at `limit`.
 */
export async function boundedTotal(
  rowCount: number,
  offset: number,
  size: number,
  countUpTo: (limit: number) => Promise<number>,
): Promise<BoundedTotal> {
  if (rowCount < size && (rowCount > 0 || offset === 0)) return { total: offset + rowCount, capped: false };
  const bound = offset + TOTAL_WINDOW;
  const n = await countUpTo(bound + 1);
  return { total: Math.min(n, bound), capped: n > bound };
}
