import type {
  GraphParams,
  GraphStage,
  OwnershipAtParams,
  Position,
  RewriteParams,
  RewriteStage,
  RewriteStrategy,
} from './protocol';
import { REWRITE_STAGES } from './protocol';

/** What the extension knows about an editor when it shapes a request. */
export interface EditorState {
  uri: string;
  position: Position;
}

/**
 * Params of `bufferlens/graph`. A function chosen by name (from the panel's
 * function list) wins; otherwise the server picks the function containing
 * the cursor. The panel always asks for SVG.
 */
export function graphParams(editor: EditorState, stage: GraphStage, functionName?: string): GraphParams {
  const params: GraphParams = { uri: editor.uri, stage, format: 'svg' };
  if (functionName) {
    params.function = functionName;
  } else {
    params.position = { line: editor.position.line, character: editor.position.character };
  }
  return params;
}

/**
 * The function a `bufferlens.showGraph` call names: the server's code lens
 * passes `{uri, function, position}` (the function's name). Anything else
 * (no argument from the palette, the editor title's resource URI) is
 * undefined: the panel follows the cursor.
 */
export interface GraphTarget {
  uri: string;
  function: string;
  position?: Position;
}

function isPosition(value: unknown): value is Position {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return Number.isInteger(p.line) && Number.isInteger(p.character) && (p.line as number) >= 0 && (p.character as number) >= 0;
}

export function parseGraphTarget(arg: unknown): GraphTarget | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const a = arg as Record<string, unknown>;
  if (typeof a.uri !== 'string' || !a.uri || typeof a.function !== 'string' || !a.function) return undefined;
  const target: GraphTarget = { uri: a.uri, function: a.function };
  if (isPosition(a.position)) target.position = { line: a.position.line, character: a.position.character };
  return target;
}

/** Params of `bufferlens/graph` for a finding's path: always the input stage, where the path's blocks are. */
export function pathGraphParams(uri: string, finding: Position): GraphParams {
  return { uri, stage: 'input', format: 'svg', finding: { line: finding.line, character: finding.character } };
}

/**
 * What a `bufferlens.showPath` call names: the server's "Show path" code
 * action passes `{uri, position}`, the start of the finding.
 */
export interface PathTarget {
  uri: string;
  position: Position;
}

export function parsePathTarget(arg: unknown): PathTarget | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const a = arg as Record<string, unknown>;
  if (typeof a.uri !== 'string' || !a.uri || !isPosition(a.position)) return undefined;
  return { uri: a.uri, position: { line: a.position.line, character: a.position.character } };
}

export function ownershipAtParams(editor: EditorState): OwnershipAtParams {
  return { uri: editor.uri, position: { line: editor.position.line, character: editor.position.character } };
}

/** Params of `bufferlens/rewrite`; the stage only means something for the ownership strategy. */
export function rewriteParams(uri: string, strategy: RewriteStrategy, stage?: RewriteStage): RewriteParams {
  const params: RewriteParams = { uri, strategy };
  if (strategy === 'ownership' && stage) {
    params.stage = stage;
  }
  return params;
}

// ---------------------------------------------------------------------------
// Pipeline preview documents: `bufferlens-preview:<source path>.<variant>.mlir?<query>`

export const PREVIEW_SCHEME = 'bufferlens-preview';

export interface PreviewRequest {
  source: string; // the URI of the source document, as a string
  strategy: RewriteStrategy;
  stage?: RewriteStage;
}

export function formatPreviewQuery(req: PreviewRequest): string {
  const parts = [`source=${encodeURIComponent(req.source)}`, `strategy=${req.strategy}`];
  if (req.strategy === 'ownership' && req.stage) {
    parts.push(`stage=${req.stage}`);
  }
  return parts.join('&');
}

export function parsePreviewQuery(query: string): PreviewRequest | null {
  const fields = new Map<string, string>();
  for (const part of query.split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0) {
      fields.set(part.slice(0, eq), decodeURIComponent(part.slice(eq + 1)));
    }
  }
  const source = fields.get('source');
  const strategy = fields.get('strategy');
  if (!source || (strategy !== 'classic' && strategy !== 'ownership')) {
    return null;
  }
  const stage = fields.get('stage');
  if (stage !== undefined && !(REWRITE_STAGES as readonly string[]).includes(stage)) {
    return null;
  }
  return strategy === 'ownership' && stage ? { source, strategy, stage: stage as RewriteStage } : { source, strategy };
}

/** The label of a preview tab: `foo.mlir` → `foo.ownership-lowered.mlir`. */
export function previewFileName(sourceBaseName: string, req: Pick<PreviewRequest, 'strategy' | 'stage'>): string {
  const stem = sourceBaseName.replace(/\.mlir$/, '');
  const variant = req.strategy === 'ownership' && req.stage ? `ownership-${req.stage}` : req.strategy;
  return `${stem}.${variant}.mlir`;
}

// ---------------------------------------------------------------------------
// Following the cursor

const FUNC_RE = /^\s*(?:func\.func|func|llvm\.func)\s+(?:(?:public|private|nested)\s+)?@("(?:[^"\\]|\\.)*"|[A-Za-z_.$\-0-9]+)/;

/**
 * A cheap local guess of the function containing `line`: the name of the
 * closest `func.func @name` header at or above it. Only used to decide when
 * the graph panel must ask the server again (the server decides what the
 * function really is); null when no header is above the line.
 */
export function functionAtLine(getLine: (line: number) => string, lineCount: number, line: number): string | null {
  // Bounded, so a huge function body never makes a cursor move slow.
  const stop = Math.max(0, line - 20000);
  for (let l = Math.min(line, lineCount - 1); l >= stop; l--) {
    const m = FUNC_RE.exec(getLine(l));
    if (m) {
      return m[1];
    }
  }
  return null;
}
