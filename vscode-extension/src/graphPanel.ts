import * as vscode from 'vscode';
import { clampRange, parseWebviewMessage } from './messages';
import { functionAtLine, graphParams, pathGraphParams, type GraphTarget, type PathTarget } from './params';
import {
  GraphRequestMethod,
  type ExtensionToWebview,
  type GraphResult,
  type GraphStage,
  type Position,
  type Range,
} from './protocol';
import type { ServerManager } from './server';
import { buildGraphHtml, makeNonce } from './webview/html';

function isMlirEditor(e: vscode.TextEditor | undefined): e is vscode.TextEditor {
  return !!e && e.document.languageId === 'mlir' && (e.document.uri.scheme === 'file' || e.document.uri.scheme === 'untitled');
}

function toVsRange(r: Range, doc: vscode.TextDocument): vscode.Range {
  const c = clampRange(r, doc.lineCount, (l) => doc.lineAt(l).text.length);
  return new vscode.Range(c.start.line, c.start.character, c.end.line, c.end.character);
}

/**
 * The "placement graph" webview: the SVG of the function under the cursor,
 * re-requested when the cursor moves into another function, the document
 * changes or the stage changes. One panel at a time.
 */
export class GraphPanel implements vscode.Disposable {
  static readonly viewType = 'bufferlens.graph';
  private static current: GraphPanel | undefined;

  private readonly panel: vscode.WebviewPanel;
  private readonly disposables: vscode.Disposable[] = [];
  private stage: GraphStage;
  private sourceUri: vscode.Uri | undefined;
  private sourceColumn: vscode.ViewColumn | undefined;
  private lastPosition = new vscode.Position(0, 0);
  /** The function last shown, as the server named it. */
  private shownFunction: string | undefined;
  /** The local guess (functionAtLine) of the function at the last request. */
  private lastGuess: string | null = null;
  /** A function picked by name in the panel; kept until the cursor moves to another function. */
  private pinnedFunction: string | undefined;
  /**
   * A finding whose path is drawn ("Show path"): kept while the cursor stays
   * in its function and the document is not edited.
   */
  private pinnedFinding: Position | undefined;
  private ready = false;
  private pending: ExtensionToWebview | undefined;
  private seq = 0;
  private cts: vscode.CancellationTokenSource | undefined;
  private cursorTimer: NodeJS.Timeout | undefined;
  private editTimer: NodeJS.Timeout | undefined;

  /**
   * Shows the panel: at `target`'s function (a code lens's click), else at
   * the function under the active editor's cursor.
   */
  static async show(context: vscode.ExtensionContext, server: ServerManager, target?: GraphTarget): Promise<void> {
    if (target) {
      const uri = vscode.Uri.parse(target.uri);
      const editor = await GraphPanel.editorOf(uri);
      if (!isMlirEditor(editor)) return;
      if (GraphPanel.current) {
        GraphPanel.current.panel.reveal(undefined, true);
        GraphPanel.current.pin(editor, target);
      } else {
        GraphPanel.current = new GraphPanel(context, server, editor, target);
      }
      return;
    }
    const editor = vscode.window.activeTextEditor;
    if (GraphPanel.current) {
      GraphPanel.current.panel.reveal(undefined, true);
      if (isMlirEditor(editor)) GraphPanel.current.follow(editor, true);
      return;
    }
    if (!isMlirEditor(editor)) {
      void vscode.window.showInformationMessage('BufferLens: open an MLIR file to see its placement graph.');
      return;
    }
    GraphPanel.current = new GraphPanel(context, server, editor);
  }

  /** The visible editor of `uri`, else one opened on it. */
  private static async editorOf(uri: vscode.Uri): Promise<vscode.TextEditor> {
    return (
      vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString()) ??
      (await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preserveFocus: false }))
    );
  }

  /** Shows the panel on the function of the finding at `target`, its path drawn. */
  static async showPath(context: vscode.ExtensionContext, server: ServerManager, target: PathTarget): Promise<void> {
    const uri = vscode.Uri.parse(target.uri);
    const editor = await GraphPanel.editorOf(uri);
    if (!isMlirEditor(editor)) return;
    if (GraphPanel.current) {
      GraphPanel.current.panel.reveal(undefined, true);
      GraphPanel.current.pinPath(editor, target.position);
    } else {
      GraphPanel.current = new GraphPanel(context, server, editor, undefined, target.position);
    }
  }

  private constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly server: ServerManager,
    editor: vscode.TextEditor,
    target?: GraphTarget,
    finding?: Position,
  ) {
    this.stage =
      context.workspaceState.get<GraphStage>('bufferlens.graph.stage') ??
      vscode.workspace.getConfiguration('bufferlens').get<GraphStage>('graph.defaultStage', 'ownership');
    const distUri = vscode.Uri.joinPath(context.extensionUri, 'dist');
    this.panel = vscode.window.createWebviewPanel(
      GraphPanel.viewType,
      'BufferLens Graph',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, retainContextWhenHidden: true, localResourceRoots: [distUri] },
    );
    const webview = this.panel.webview;
    webview.html = buildGraphHtml({
      cspSource: webview.cspSource,
      nonce: makeNonce(),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(distUri, 'webview.js')).toString(),
      stage: this.stage,
    });
    this.disposables.push(
      webview.onDidReceiveMessage((m) => this.onMessage(m)),
      this.panel.onDidDispose(() => this.dispose()),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (isMlirEditor(e.textEditor)) this.scheduleFollow(e.textEditor);
      }),
      vscode.window.onDidChangeActiveTextEditor((e) => {
        if (isMlirEditor(e)) this.scheduleFollow(e);
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (this.sourceUri && e.document.uri.toString() === this.sourceUri.toString() && e.contentChanges.length) {
          this.scheduleRefresh();
        }
      }),
      server.onDidChangeState((s) => {
        if (s === 'running') this.refresh();
      }),
    );
    if (finding) this.pinPath(editor, finding);
    else if (target) this.pin(editor, target);
    else this.follow(editor, true);
  }

  /** Draws the path of the finding at `finding`. */
  private pinPath(editor: vscode.TextEditor, finding: Position): void {
    const doc = editor.document;
    this.sourceUri = doc.uri;
    this.sourceColumn = editor.viewColumn ?? this.sourceColumn;
    this.lastPosition = new vscode.Position(finding.line, finding.character);
    this.lastGuess = functionAtLine((l) => doc.lineAt(l).text, doc.lineCount, finding.line);
    this.pinnedFunction = undefined;
    this.pinnedFinding = { line: finding.line, character: finding.character };
    void this.request();
  }

  /** Shows `target.function`, kept until the cursor moves to another function. */
  private pin(editor: vscode.TextEditor, target: GraphTarget): void {
    const doc = editor.document;
    this.sourceUri = doc.uri;
    this.sourceColumn = editor.viewColumn ?? this.sourceColumn;
    const at = target.position ?? editor.selection.active;
    this.lastPosition = new vscode.Position(at.line, at.character);
    this.lastGuess = functionAtLine((l) => doc.lineAt(l).text, doc.lineCount, at.line);
    this.pinnedFunction = target.function;
    this.pinnedFinding = undefined;
    void this.request(target.function);
  }

  private post(msg: ExtensionToWebview): void {
    if (!this.ready) {
      // Only the latest state matters; the webview asks for it with 'ready'.
      this.pending = msg;
      return;
    }
    void this.panel.webview.postMessage(msg);
  }

  private scheduleFollow(editor: vscode.TextEditor): void {
    clearTimeout(this.cursorTimer);
    this.cursorTimer = setTimeout(() => this.follow(editor, false), 250);
  }

  private scheduleRefresh(): void {
    clearTimeout(this.editTimer);
    this.editTimer = setTimeout(() => {
      // The finding's position may have moved with the edit: its function stays.
      if (this.pinnedFinding) {
        this.pinnedFunction = this.shownFunction;
        this.pinnedFinding = undefined;
      }
      this.refresh();
    }, 600);
  }

  /** Re-requests when the editor shows another document or the cursor entered another function. */
  private follow(editor: vscode.TextEditor, force: boolean): void {
    const doc = editor.document;
    const pos = editor.selection.active;
    const guess = functionAtLine((l) => doc.lineAt(l).text, doc.lineCount, pos.line);
    const sameDoc = this.sourceUri?.toString() === doc.uri.toString();
    this.sourceColumn = editor.viewColumn ?? this.sourceColumn;
    if (!force && sameDoc && guess === this.lastGuess) {
      this.lastPosition = pos;
      return;
    }
    if (!force && sameDoc && guess === null && this.shownFunction !== undefined) {
      return; // outside every function: keep showing the last one
    }
    this.sourceUri = doc.uri;
    this.lastPosition = pos;
    this.lastGuess = guess;
    this.pinnedFunction = undefined;
    this.pinnedFinding = undefined;
    void this.request();
  }

  /** Same document, same function: after an edit, a stage change or a restart. */
  private refresh(): void {
    if (this.sourceUri) void this.request(this.pinnedFunction ?? this.shownFunction);
  }

  private async request(functionName?: string): Promise<void> {
    const uri = this.sourceUri;
    if (!uri) return;
    this.cts?.cancel();
    const cts = new vscode.CancellationTokenSource();
    this.cts = cts;
    const seq = ++this.seq;
    // A path is drawn on the input stage; the chosen stage stays for the next graph.
    const stage: GraphStage = this.pinnedFinding ? 'input' : this.stage;
    const params = this.pinnedFinding
      ? pathGraphParams(uri.toString(), this.pinnedFinding)
      : graphParams(
          { uri: uri.toString(), position: { line: this.lastPosition.line, character: this.lastPosition.character } },
          stage,
          functionName,
        );
    this.post({ type: 'loading', function: functionName, stage });
    try {
      const result = await this.server.request<GraphResult>(GraphRequestMethod, params, cts.token);
      if (seq !== this.seq) return;
      if (!result || typeof result.content !== 'string') {
        throw new Error('The server returned no graph.');
      }
      this.shownFunction = result.function;
      this.panel.title = `Graph: ${result.function.startsWith('@') ? '' : '@'}${result.function}`;
      this.post({
        type: 'graph',
        svg: result.content,
        function: result.function,
        stage,
        functions: Array.isArray(result.functions) ? result.functions : [result.function],
        source: uri.toString(),
      });
    } catch (err) {
      if (seq !== this.seq || cts.token.isCancellationRequested) return;
      const message = err instanceof Error ? err.message : String(err);
      this.post({ type: 'error', message, stage, function: functionName });
    } finally {
      cts.dispose();
      if (this.cts === cts) this.cts = undefined;
    }
  }

  private onMessage(raw: unknown): void {
    const msg = parseWebviewMessage(raw);
    if (!msg) return;
    switch (msg.type) {
      case 'ready':
        this.ready = true;
        if (this.pending) {
          const p = this.pending;
          this.pending = undefined;
          this.post(p);
        }
        break;
      case 'refresh':
        this.refresh();
        break;
      case 'setStage':
        this.stage = msg.stage;
        this.pinnedFunction ??= this.pinnedFinding ? this.shownFunction : undefined;
        this.pinnedFinding = undefined;
        void this.context.workspaceState.update('bufferlens.graph.stage', msg.stage);
        this.refresh();
        break;
      case 'selectFunction':
        this.pinnedFunction = msg.function;
        this.pinnedFinding = undefined;
        void this.request(msg.function);
        break;
      case 'reveal':
        void this.reveal(msg.range);
        break;
    }
  }

  private async reveal(range: Range): Promise<void> {
    const uri = this.sourceUri;
    if (!uri) return;
    const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
    const doc = visible?.document ?? (await vscode.workspace.openTextDocument(uri));
    const r = toVsRange(range, doc);
    const editor = await vscode.window.showTextDocument(doc, {
      viewColumn: visible?.viewColumn ?? this.sourceColumn ?? vscode.ViewColumn.One,
      selection: new vscode.Selection(r.start, r.end),
      preserveFocus: false,
    });
    editor.revealRange(r, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  dispose(): void {
    if (GraphPanel.current === this) GraphPanel.current = undefined;
    clearTimeout(this.cursorTimer);
    clearTimeout(this.editTimer);
    this.cts?.cancel();
    this.panel.dispose();
    for (const d of this.disposables) d.dispose();
    this.disposables.length = 0;
  }
}
