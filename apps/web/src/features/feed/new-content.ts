/**
 * The feed's "new content" check (docs/DOMAIN.md, States: Feed; docs/RULES.md, Limits): the date of
 * the newest memo of the feed, asked of the server at most once per 60000 ms, is compared with a
 * stored timestamp: the newest date there was when the top of the feed was last loaded (kept
 * with the feed's first page in the query cache, so it moves only when the reader reloads
 * the top). Dates are ISO strings; anything that is not a date counts as none.
 */

function timeOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/**
 * True when the server's newest date is after the stored one. An empty feed stored no
 * date: any memo arriving in it is new. Nothing checked yet, or nothing stored because
 * the top was never loaded (undefined): no.
 */
export function hasNewContent(
  latest: string | null | undefined,
  seen: string | null | undefined,
): boolean {
  const latestTime = timeOf(latest);
  if (latestTime === null || seen === undefined) return false;
  const seenTime = timeOf(seen);
  return seenTime === null || latestTime > seenTime;
}
