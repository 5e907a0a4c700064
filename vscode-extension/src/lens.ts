import * as vscode from 'vscode';
import { LENS_STYLES, groupOwnershipRanges, lensHoverText } from './decorations';
import { ownershipAtParams } from './params';
import { OWNERSHIP_KINDS, OwnershipAtRequestMethod, type OwnershipAtResult, type OwnershipKind } from './protocol';
import type { ServerManager } from './server';

function isMlirFileEditor(e: vscode.TextEditor | undefined): e is vscode.TextEditor {
  return !!e && e.document.languageId === 'mlir' && (e.document.uri.scheme === 'file' || e.document.uri.scheme === 'untitled');
}

/**
 * The ownership lens: while on, decorates the live range, alias uses,
 * ownership transfers, free sites and critical aliases of the value under
 * the cursor, from `bufferlens/ownershipAt`.
 */
export class OwnershipLens implements vscode.Disposable {
  private enabled = false;
  private readonly types: Record<OwnershipKind, vscode.TextEditorDecorationType>;
  private readonly disposables: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  private cts: vscode.CancellationTokenSource | undefined;
  private decorated = new Set<vscode.TextEditor>();

  constructor(private readonly server: ServerManager) {
    this.types = Object.fromEntries(
      OWNERSHIP_KINDS.map((kind) => {
        const s = LENS_STYLES[kind];
        const lane = {
          left: vscode.OverviewRulerLane.Left,
          center: vscode.OverviewRulerLane.Center,
          right: vscode.OverviewRulerLane.Right,
          full: vscode.OverviewRulerLane.Full,
        }[s.rulerLane];
        return [
          kind,
          vscode.window.createTextEditorDecorationType({
            backgroundColor: s.backgroundColor ? new vscode.ThemeColor(s.backgroundColor) : undefined,
            borderColor: s.borderColor ? new vscode.ThemeColor(s.borderColor) : undefined,
            borderWidth: s.borderWidth,
            borderStyle: s.borderStyle,
            fontWeight: s.fontWeight,
            textDecoration: s.textDecoration,
            overviewRulerColor: new vscode.ThemeColor(s.rulerColor),
            overviewRulerLane: lane,
            rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
          }),
        ];
      }),
    ) as Record<OwnershipKind, vscode.TextEditorDecorationType>;
    this.disposables.push(
      ...Object.values(this.types),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (this.enabled && isMlirFileEditor(e.textEditor)) this.schedule(e.textEditor);
      }),
      vscode.window.onDidChangeActiveTextEditor((e) => {
        if (this.enabled && isMlirFileEditor(e)) this.schedule(e);
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        const ed = vscode.window.activeTextEditor;
        if (this.enabled && ed && ed.document === e.document && isMlirFileEditor(ed)) this.schedule(ed);
      }),
    );
  }

  get isEnabled(): boolean {
    return this.enabled;
  }

  toggle(): boolean {
    this.enabled = !this.enabled;
    void vscode.commands.executeCommand('setContext', 'bufferlens.ownershipLens', this.enabled);
    if (this.enabled) {
      const ed = vscode.window.activeTextEditor;
      if (isMlirFileEditor(ed)) void this.update(ed);
      vscode.window.setStatusBarMessage('BufferLens: ownership lens on', 2500);
    } else {
      clearTimeout(this.timer);
      this.cts?.cancel();
      this.clearAll();
      vscode.window.setStatusBarMessage('BufferLens: ownership lens off', 2500);
    }
    return this.enabled;
  }

  private schedule(editor: vscode.TextEditor): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(editor), 120);
  }

  private clearAll(): void {
    for (const ed of this.decorated) {
      for (const kind of OWNERSHIP_KINDS) ed.setDecorations(this.types[kind], []);
    }
    this.decorated.clear();
  }

  private async update(editor: vscode.TextEditor): Promise<void> {
    this.cts?.cancel();
    const cts = new vscode.CancellationTokenSource();
    this.cts = cts;
    const pos = editor.selection.active;
    let result: OwnershipAtResult | null = null;
    try {
      result = await this.server.request<OwnershipAtResult>(
        OwnershipAtRequestMethod,
        ownershipAtParams({ uri: editor.document.uri.toString(), position: { line: pos.line, character: pos.character } }),
        cts.token,
      );
    } catch {
      if (cts.token.isCancellationRequested) return;
      result = null; // the server explains failures in its log; the lens just shows nothing
    }
    if (cts.token.isCancellationRequested || !this.enabled) return;
    this.clearAll();
    const groups = groupOwnershipRanges(result);
    const value = result?.value ?? '';
    for (const kind of OWNERSHIP_KINDS) {
      editor.setDecorations(
        this.types[kind],
        groups[kind].map((item) => ({
          range: new vscode.Range(item.range.start.line, item.range.start.character, item.range.end.line, item.range.end.character),
          hoverMessage: new vscode.MarkdownString().appendText(lensHoverText(value, kind, item.message)),
        })),
      );
    }
    this.decorated.add(editor);
    cts.dispose();
    if (this.cts === cts) this.cts = undefined;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.cts?.cancel();
    for (const d of this.disposables) d.dispose();
  }
}
