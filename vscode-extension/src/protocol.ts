/**
 * The custom requests of `bufferlens serve`, as the extension sends and reads
 * them. Every position and range is an LSP one: 0-based line, UTF-16
 * character offset. This file is the extension's single source of truth for
 * the wire shapes; it imports nothing so it can be used from Node tests and
 * from the webview bundle alike.
 */

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export const GRAPH_STAGES = ['input', 'classic', 'ownership', 'pipeline'] as const;
export type GraphStage = (typeof GRAPH_STAGES)[number];

export type GraphFormat = 'dot' | 'svg';

/** `bufferlens/graph`: a function by name, or the one containing `position`. */
export const GraphRequestMethod = 'bufferlens/graph';

export interface GraphParams {
  uri: string;
  function?: string;
  position?: Position;
  /**
   * A position in a finding with a path (the "Show path" code action's):
   * the server draws that finding's function with the path's blocks and
   * edges highlighted and numbered, on the input stage.
   */
  finding?: Position;
  stage: GraphStage;
  format: GraphFormat;
}

export interface GraphResult {
  function: string;
  stage: string;
  format: string;
  content: string;
  /** Every function of the document, in source order. */
  functions: string[];
}

/** `bufferlens/ownershipAt`: decorations for the value under the cursor. */
export const OwnershipAtRequestMethod = 'bufferlens/ownershipAt';

export interface OwnershipAtParams {
  uri: string;
  position: Position;
}

export const OWNERSHIP_KINDS = [
  'definition',
  'live',
  'alias-use',
  'ownership-transfer',
  'freed',
  'critical-alias',
] as const;
export type OwnershipKind = (typeof OWNERSHIP_KINDS)[number];

export interface OwnershipRange {
  range: Range;
  kind: OwnershipKind;
  message?: string;
}

export interface OwnershipAtResult {
  value: string | null;
  ranges: OwnershipRange[];
}

/** `bufferlens/rewrite`: the IR with the placement applied. */
export const RewriteRequestMethod = 'bufferlens/rewrite';

export type RewriteStrategy = 'classic' | 'ownership';
export const REWRITE_STAGES = ['ownership', 'simplified', 'lowered'] as const;
export type RewriteStage = (typeof REWRITE_STAGES)[number];

export interface RewriteParams {
  uri: string;
  strategy: RewriteStrategy;
  stage?: RewriteStage;
}

export interface RewriteResult {
  text: string;
}

/** Severity of one finding code, as in `.bufferlens.json`. */
export const CHECK_SEVERITIES = ['off', 'error', 'warning', 'info', 'hint'] as const;
export type CheckSeverity = (typeof CHECK_SEVERITIES)[number];

export const ANALYSIS_STAGES = ['auto', 'bufferized', 'deallocated'] as const;
export type AnalysisStage = (typeof ANALYSIS_STAGES)[number];

/**
 * `initializationOptions`, and the `settings` of
 * `workspace/didChangeConfiguration`: the shape of `.bufferlens.json`.
 * A key that is absent was not set by the user, so the project file (or the
 * server's default) applies for it.
 */
export interface ServerOptionsPayload {
  checks: Record<string, CheckSeverity>;
  stage?: AnalysisStage;
  promoteToStackLimit?: number;
  privateFunctionDynamicOwnership?: boolean;
}

/** Messages the graph webview posts to the extension. */
export type WebviewToExtension =
  | { type: 'ready' }
  | { type: 'reveal'; range: Range }
  | { type: 'setStage'; stage: GraphStage }
  | { type: 'selectFunction'; function: string }
  | { type: 'refresh' };

/** Messages the extension posts to the graph webview. */
export type ExtensionToWebview =
  | { type: 'loading'; function?: string; stage: GraphStage }
  | {
      type: 'graph';
      svg: string;
      function: string;
      stage: GraphStage;
      functions: string[];
      source: string;
    }
  | { type: 'error'; message: string; stage: GraphStage; function?: string };
