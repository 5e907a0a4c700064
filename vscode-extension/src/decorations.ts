import { OWNERSHIP_KINDS, type OwnershipAtResult, type OwnershipKind, type Range } from './protocol';
import { asRange } from './messages';

export interface LensRange {
  range: Range;
  message?: string;
}

export type LensGroups = Record<OwnershipKind, LensRange[]>;

export function emptyGroups(): LensGroups {
  return Object.fromEntries(OWNERSHIP_KINDS.map((k) => [k, []])) as unknown as LensGroups;
}

function cmp(a: Range, b: Range): number {
  return (
    a.start.line - b.start.line ||
    a.start.character - b.start.character ||
    a.end.line - b.end.line ||
    a.end.character - b.end.character
  );
}

/**
 * `bufferlens/ownershipAt` result → the ranges of each decoration kind, in
 * document order, without duplicates. Entries with an unknown kind or a
 * malformed range are skipped (a newer server may send kinds this extension
 * does not know yet). A null value or a null result clears every kind.
 */
export function groupOwnershipRanges(result: OwnershipAtResult | null | undefined): LensGroups {
  const groups = emptyGroups();
  if (!result || result.value === null || !Array.isArray(result.ranges)) {
    return groups;
  }
  for (const entry of result.ranges) {
    if (!entry || !(OWNERSHIP_KINDS as readonly string[]).includes(entry.kind)) {
      continue;
    }
    const range = asRange(entry.range);
    if (!range) {
      continue;
    }
    const item: LensRange = { range };
    if (typeof entry.message === 'string' && entry.message.length > 0) {
      item.message = entry.message;
    }
    groups[entry.kind].push(item);
  }
  for (const kind of OWNERSHIP_KINDS) {
    const sorted = groups[kind].sort((a, b) => cmp(a.range, b.range));
    groups[kind] = sorted.filter(
      (item, i) => i === 0 || cmp(item.range, sorted[i - 1].range) !== 0 || item.message !== sorted[i - 1].message,
    );
  }
  return groups;
}

/**
 * How each kind looks. Colours are theme colour ids contributed in
 * package.json (with dark, light and high-contrast defaults), so every theme
 * can restyle them; every kind has its own colour and overview-ruler mark.
 */
export interface LensStyle {
  label: string;
  backgroundColor?: string; // theme colour id
  borderColor?: string; // theme colour id
  borderWidth?: string;
  borderStyle?: string;
  fontWeight?: string;
  textDecoration?: string;
  rulerColor: string; // theme colour id
  rulerLane: 'left' | 'center' | 'right' | 'full';
}

export const LENS_STYLES: Record<OwnershipKind, LensStyle> = {
  definition: {
    label: 'definition',
    backgroundColor: 'bufferlens.ownership.definitionBackground',
    fontWeight: 'bold',
    rulerColor: 'bufferlens.ownership.definitionRuler',
    rulerLane: 'left',
  },
  live: {
    label: 'live range',
    backgroundColor: 'bufferlens.ownership.liveBackground',
    rulerColor: 'bufferlens.ownership.liveRuler',
    rulerLane: 'full',
  },
  'alias-use': {
    label: 'alias use',
    borderColor: 'bufferlens.ownership.aliasUseBorder',
    borderWidth: '0 0 2px 0',
    borderStyle: 'solid',
    rulerColor: 'bufferlens.ownership.aliasUseRuler',
    rulerLane: 'center',
  },
  'ownership-transfer': {
    label: 'ownership transfer',
    backgroundColor: 'bufferlens.ownership.transferBackground',
    textDecoration: 'underline dotted',
    rulerColor: 'bufferlens.ownership.transferRuler',
    rulerLane: 'right',
  },
  freed: {
    label: 'freed',
    backgroundColor: 'bufferlens.ownership.freedBackground',
    textDecoration: 'line-through',
    rulerColor: 'bufferlens.ownership.freedRuler',
    rulerLane: 'right',
  },
  'critical-alias': {
    label: 'critical alias',
    borderColor: 'bufferlens.ownership.criticalAliasBorder',
    borderWidth: '1px',
    borderStyle: 'dashed',
    rulerColor: 'bufferlens.ownership.criticalAliasRuler',
    rulerLane: 'center',
  },
};

/** Hover text of one decorated range. */
export function lensHoverText(value: string, kind: OwnershipKind, message?: string): string {
  const head = `BufferLens · ${value}: ${LENS_STYLES[kind].label}`;
  return message ? `${head}\n\n${message}` : head;
}
