import { GRAPH_STAGES, type GraphStage, type Position, type Range, type WebviewToExtension } from './protocol';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isIndex(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}

export function asPosition(v: unknown): Position | null {
  if (!isObject(v) || !isIndex(v.line) || !isIndex(v.character)) {
    return null;
  }
  return { line: v.line, character: v.character };
}

export function asRange(v: unknown): Range | null {
  if (!isObject(v)) {
    return null;
  }
  const start = asPosition(v.start);
  const end = asPosition(v.end);
  if (!start || !end) {
    return null;
  }
  if (end.line < start.line || (end.line === start.line && end.character < start.character)) {
    return null;
  }
  return { start, end };
}

export function isGraphStage(v: unknown): v is GraphStage {
  return typeof v === 'string' && (GRAPH_STAGES as readonly string[]).includes(v);
}

/**
 * Validates a message posted by the graph webview. The webview is our own
 * code, but its messages cross a process boundary: anything malformed is
 * dropped (null) rather than acted upon.
 */
export function parseWebviewMessage(msg: unknown): WebviewToExtension | null {
  if (!isObject(msg) || typeof msg.type !== 'string') {
    return null;
  }
  switch (msg.type) {
    case 'ready':
    case 'refresh':
      return { type: msg.type };
    case 'reveal': {
      const range = asRange(msg.range);
      return range ? { type: 'reveal', range } : null;
    }
    case 'setStage':
      return isGraphStage(msg.stage) ? { type: 'setStage', stage: msg.stage } : null;
    case 'selectFunction':
      return typeof msg.function === 'string' && msg.function.length > 0
        ? { type: 'selectFunction', function: msg.function }
        : null;
    default:
      return null;
  }
}

/**
 * Clamps a range from the server or the webview to a document, so that a
 * stale graph (the document was edited since) still reveals something
 * sensible instead of throwing.
 */
export function clampRange(range: Range, lineCount: number, lineLength: (line: number) => number): Range {
  const clampPos = (p: Position): Position => {
    if (lineCount <= 0) {
      return { line: 0, character: 0 };
    }
    const line = Math.min(Math.max(p.line, 0), lineCount - 1);
    const character = Math.min(Math.max(p.character, 0), lineLength(line));
    return { line, character };
  };
  return { start: clampPos(range.start), end: clampPos(range.end) };
}
