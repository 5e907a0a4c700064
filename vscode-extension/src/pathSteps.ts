/**
 * A finding's path steps, as the editor walks them (bufferlens.nextPathStep
 * and bufferlens.previousPathStep). No vscode import: the unit tests run it
 * in Node.
 *
 * The steps are read from the diagnostic's related information, where the
 * server already sends them in path order and numbered ("1. %buf is
 * allocated here"), followed by the related locations no step has, which
 * are not numbered (analysis/model/PathNotes.cpp). Reading them there needs
 * no second copy of every step in each diagnostic's `data`, and a client
 * that shows related information shows the same steps.
 */
import type { Position, Range } from './protocol';

/** The context key the step keybindings are scoped to (package.json). */
export const PATH_CONTEXT_KEY = 'bufferlens.pathStepsAvailable';

export interface RelatedNote {
  range: Range;
  message: string;
}

export interface PathStep {
  range: Range;
  /** The step's own words, without its number. */
  message: string;
}

/** A diagnostic as the navigation needs it. */
export interface PathFinding {
  range: Range;
  code?: string;
  message: string;
  related: RelatedNote[];
}

const NUMBERED = /^(\d+)\. ([\s\S]*)$/;

/**
 * The numbered notes 1, 2, 3... from the first; a note that breaks the
 * sequence ends the path (the unnumbered related locations follow it).
 */
export function pathSteps(related: readonly RelatedNote[]): PathStep[] {
  const steps: PathStep[] = [];
  for (const note of related) {
    const m = NUMBERED.exec(note.message);
    if (!m || Number(m[1]) !== steps.length + 1) break;
    steps.push({ range: note.range, message: m[2] });
  }
  return steps;
}

function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}

export function contains(r: Range, p: Position): boolean {
  return !before(p, r.start) && !before(r.end, p);
}

/** Whether two findings are the same one (its range may have moved with an edit). */
export function sameFinding(a: PathFinding, b: PathFinding): boolean {
  return a.code === b.code && a.message === b.message && pathSteps(a.related).length === pathSteps(b.related).length;
}

/**
 * The finding whose path the commands walk from `cursor`: one with a path
 * whose range holds the cursor; else `last` (the one chosen before) if it
 * is still reported (of findings with the same words, the nearest); else
 * one with a step at the cursor. The first in the given order wins a tie.
 */
export function chooseFinding(
  findings: readonly PathFinding[],
  cursor: Position,
  last: PathFinding | undefined,
): PathFinding | undefined {
  const withPath = findings.filter((f) => pathSteps(f.related).length > 0);
  const at = withPath.find((f) => contains(f.range, cursor));
  if (at) return at;
  if (last) {
    // The same words can be another function's finding: the nearest one.
    const kept = withPath
      .filter((f) => sameFinding(f, last))
      .sort((a, b) => Math.abs(a.range.start.line - last.range.start.line) - Math.abs(b.range.start.line - last.range.start.line));
    if (kept.length) return kept[0];
  }
  return withPath.find((f) => pathSteps(f.related).some((s) => contains(s.range, cursor)));
}

function samePosition(a: Position, b: Position): boolean {
  return a.line === b.line && a.character === b.character;
}

/**
 * The index of the step to move to, or undefined when there is none that
 * way. `current` is the step shown last on this finding (if the selection
 * is still that step's range); otherwise a selection exactly on a step
 * counts as that step, and from elsewhere "next" goes to the first step
 * and "previous" to the last.
 */
export function stepTarget(
  steps: readonly PathStep[],
  selection: Range,
  current: number | undefined,
  direction: 1 | -1,
): number | undefined {
  if (steps.length === 0) return undefined;
  let from = current;
  const onCurrent =
    from !== undefined &&
    from < steps.length &&
    samePosition(steps[from].range.start, selection.start) &&
    samePosition(steps[from].range.end, selection.end);
  if (!onCurrent) {
    const i = steps.findIndex(
      (s) => samePosition(s.range.start, selection.start) && samePosition(s.range.end, selection.end),
    );
    from = i >= 0 ? i : undefined;
  }
  if (from === undefined) return direction === 1 ? 0 : steps.length - 1;
  const to = from + direction;
  return to >= 0 && to < steps.length ? to : undefined;
}

/** What the status bar says at a step: "BL101 step 2/3: branching to ^keep". */
export function stepStatus(finding: PathFinding, steps: readonly PathStep[], index: number): string {
  const code = finding.code ? `${finding.code} ` : '';
  return `${code}step ${index + 1}/${steps.length}: ${steps[index].message}`;
}
