import * as vscode from 'vscode';
import {
  PATH_CONTEXT_KEY,
  chooseFinding,
  contains,
  pathSteps,
  sameFinding,
  stepStatus,
  stepTarget,
  type PathFinding,
} from './pathSteps';
import type { Range } from './protocol';

function toRange(r: vscode.Range): Range {
  return {
    start: { line: r.start.line, character: r.start.character },
    end: { line: r.end.line, character: r.end.character },
  };
}

function toFinding(d: vscode.Diagnostic): PathFinding {
  const code = typeof d.code === 'object' && d.code !== null ? String(d.code.value) : d.code;
  return {
    range: toRange(d.range),
    code: code === undefined ? undefined : String(code),
    message: d.message,
    related: (d.relatedInformation ?? []).map((r) => ({ range: toRange(r.location.range), message: r.message })),
  };
}

function isMlir(e: vscode.TextEditor | undefined): e is vscode.TextEditor {
  return !!e && e.document.languageId === 'mlir';
}

/**
 * bufferlens.nextPathStep / bufferlens.previousPathStep: move the selection
 * along the steps of the finding at the cursor (or the one walked last),
 * each step revealed, its message in the status bar and after the line.
 * The keybindings apply only while `bufferlens.pathStepsAvailable` holds:
 * the cursor is in a finding with a path, on one of its steps, or a walk
 * has started in this document.
 */
export class PathNavigator implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private readonly decoration = vscode.window.createTextEditorDecorationType({
    after: { margin: '0 0 0 2em', color: new vscode.ThemeColor('editorCodeLens.foreground'), fontStyle: 'italic' },
    backgroundColor: new vscode.ThemeColor('editor.findMatchHighlightBackground'),
  });
  private last: { uri: string; finding: PathFinding; index: number } | undefined;
  /** The editor showing a step's note, and the ranges of the walked path's steps. */
  private decorated: { editor: vscode.TextEditor; steps: vscode.Range[] } | undefined;
  private available = false;

  constructor() {
    this.disposables.push(
      this.decoration,
      vscode.commands.registerCommand('bufferlens.nextPathStep', () => this.move(1)),
      vscode.commands.registerCommand('bufferlens.previousPathStep', () => this.move(-1)),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        // Selections set through the API (the walk's own moves, arriving
        // late, and other extensions') keep the note; the user's own moves
        // off the path's steps clear it.
        const d = this.decorated;
        const user =
          e.kind === vscode.TextEditorSelectionChangeKind.Keyboard ||
          e.kind === vscode.TextEditorSelectionChangeKind.Mouse;
        const onStep = !!e.selections[0] && d?.steps.some((r) => r.isEqual(e.selections[0]));
        if (d && (e.textEditor !== d.editor || (user && !onStep))) this.clearDecoration();
        this.updateContext(e.textEditor);
      }),
      vscode.window.onDidChangeActiveTextEditor((e) => this.updateContext(e)),
      vscode.languages.onDidChangeDiagnostics(() => this.updateContext(vscode.window.activeTextEditor)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (this.decorated?.editor.document === e.document) this.clearDecoration();
      }),
    );
    this.updateContext(vscode.window.activeTextEditor);
  }

  private findings(doc: vscode.TextDocument): PathFinding[] {
    return vscode.languages.getDiagnostics(doc.uri).map(toFinding);
  }

  private updateContext(editor: vscode.TextEditor | undefined): void {
    let available = false;
    if (isMlir(editor)) {
      const cursor = toRange(editor.selection).start;
      const sameDoc = this.last?.uri === editor.document.uri.toString();
      const findings = this.findings(editor.document);
      const chosen = chooseFinding(findings, cursor, sameDoc ? this.last?.finding : undefined);
      available =
        !!chosen &&
        (sameDoc || contains(chosen.range, cursor) || pathSteps(chosen.related).some((s) => contains(s.range, cursor)));
    }
    if (available !== this.available) {
      this.available = available;
      void vscode.commands.executeCommand('setContext', PATH_CONTEXT_KEY, available);
    }
  }

  private async move(direction: 1 | -1): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    if (!isMlir(editor)) return;
    const uri = editor.document.uri.toString();
    const selection = toRange(editor.selection);
    const previous = this.last?.uri === uri ? this.last : undefined;
    const finding = chooseFinding(this.findings(editor.document), selection.start, previous?.finding);
    if (!finding) {
      vscode.window.setStatusBarMessage('BufferLens: no finding with a path at the cursor', 5000);
      return;
    }
    const steps = pathSteps(finding.related);
    const current = previous && sameFinding(previous.finding, finding) ? previous.index : undefined;
    const to = stepTarget(steps, selection, current, direction);
    if (to === undefined) {
      vscode.window.setStatusBarMessage(
        `BufferLens: ${direction === 1 ? 'the last' : 'the first'} step of the path (${steps.length} steps)`,
        5000,
      );
      return;
    }
    this.last = { uri, finding, index: to };
    const r = steps[to].range;
    const range = new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
    this.clearDecoration();
    this.decorated = {
      editor,
      steps: steps.map((s) => new vscode.Range(s.range.start.line, s.range.start.character, s.range.end.line, s.range.end.character)),
    };
    editor.selection = new vscode.Selection(range.start, range.end);
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    const text = stepStatus(finding, steps, to);
    vscode.window.setStatusBarMessage(`BufferLens: ${text}`, 10000);
    editor.setDecorations(this.decoration, [
      { range, renderOptions: { after: { contentText: `${to + 1}/${steps.length} ${steps[to].message}` } } },
    ]);
    this.updateContext(editor);
  }

  private clearDecoration(): void {
    this.decorated?.editor.setDecorations(this.decoration, []);
    this.decorated = undefined;
  }

  dispose(): void {
    this.clearDecoration();
    for (const d of this.disposables) d.dispose();
  }
}
