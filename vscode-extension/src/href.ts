import type { Range } from './protocol';

/**
 * Parses the link target the server puts on every block node and op row of a
 * graph: `#range=L1:C1-L2:C2` (0-based start line, start character, end line,
 * end character). Also accepts a full URL ending in that fragment, since a
 * browser may resolve the attribute against the page. Returns null for
 * anything else, including reversed or non-numeric ranges.
 */
export function parseRangeHref(href: string | null | undefined): Range | null {
  if (typeof href !== 'string') {
    return null;
  }
  const m = /#range=(\d{1,9}):(\d{1,9})-(\d{1,9}):(\d{1,9})$/.exec(href.trim());
  if (!m) {
    return null;
  }
  const [sl, sc, el, ec] = m.slice(1).map((s) => Number.parseInt(s, 10));
  if (el < sl || (el === sl && ec < sc)) {
    return null;
  }
  return { start: { line: sl, character: sc }, end: { line: el, character: ec } };
}

/** The inverse of parseRangeHref, for tests and fixtures. */
export function formatRangeHref(range: Range): string {
  return `#range=${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}`;
}
