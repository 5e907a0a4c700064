import * as path from 'path';
import * as vscode from 'vscode';
import {
  PREVIEW_SCHEME,
  formatPreviewQuery,
  parsePreviewQuery,
  previewFileName,
  rewriteParams,
  type PreviewRequest,
} from './params';
import { RewriteRequestMethod, type RewriteResult } from './protocol';
import type { ServerManager } from './server';

/**
 * Read-only documents `bufferlens-preview:...` with the `bufferlens/rewrite`
 * output for a source document, refreshed when the source changes.
 */
export class PipelinePreviewProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly server: ServerManager) {
    this.disposables.push(
      this.emitter,
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.scheme !== PREVIEW_SCHEME && e.contentChanges.length) this.sourceChanged(e.document.uri);
      }),
      server.onDidChangeState((s) => {
        if (s === 'running') for (const uri of this.openPreviews()) this.emitter.fire(uri);
      }),
    );
  }

  static previewUri(source: vscode.Uri, req: Omit<PreviewRequest, 'source'>): vscode.Uri {
    const name = previewFileName(path.posix.basename(source.path) || 'untitled.mlir', req);
    return vscode.Uri.from({
      scheme: PREVIEW_SCHEME,
      path: path.posix.join(path.posix.dirname(source.path) || '/', name),
      query: formatPreviewQuery({ source: source.toString(), ...req }),
    });
  }

  private openPreviews(): vscode.Uri[] {
    return vscode.workspace.textDocuments.filter((d) => d.uri.scheme === PREVIEW_SCHEME).map((d) => d.uri);
  }

  private sourceChanged(source: vscode.Uri): void {
    const key = source.toString();
    const previews = this.openPreviews().filter((u) => parsePreviewQuery(u.query)?.source === key);
    if (!previews.length) return;
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        for (const u of previews) this.emitter.fire(u);
      }, 500),
    );
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const req = parsePreviewQuery(uri.query);
    if (!req) return '// BufferLens: this preview link is malformed.\n';
    try {
      const result = await this.server.request<RewriteResult>(
        RewriteRequestMethod,
        rewriteParams(req.source, req.strategy, req.stage),
        token,
      );
      if (!result || typeof result.text !== 'string') return '// BufferLens: the server returned no text.\n';
      return result.text;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const variant = req.strategy === 'ownership' && req.stage ? `ownership, ${req.stage}` : req.strategy;
      return (
        `// BufferLens could not produce the ${variant} preview of\n//   ${req.source}\n` +
        message
          .split('\n')
          .map((l) => `// ${l}`)
          .join('\n') +
        '\n'
      );
    }
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    for (const d of this.disposables) d.dispose();
  }
}

interface Variant extends vscode.QuickPickItem {
  req: Omit<PreviewRequest, 'source'>;
}

const VARIANTS: Variant[] = [
  {
    label: 'Ownership-based pipeline',
    description: 'buffer-deallocation-pipeline (lowered)',
    req: { strategy: 'ownership', stage: 'lowered' },
  },
  {
    label: 'Ownership-based deallocation',
    description: 'ownership-based-buffer-deallocation only',
    req: { strategy: 'ownership', stage: 'ownership' },
  },
  {
    label: 'Ownership-based, simplified',
    description: 'after buffer-deallocation-simplification',
    req: { strategy: 'ownership', stage: 'simplified' },
  },
  { label: 'Classic placement', description: 'clones and deallocs of the classic algorithm', req: { strategy: 'classic' } },
];

/** `bufferlens.showPipelinePreview [ {strategy, stage} ]` */
export async function showPipelinePreview(arg?: Partial<Omit<PreviewRequest, 'source'>>): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'mlir' || editor.document.uri.scheme === PREVIEW_SCHEME) {
    void vscode.window.showInformationMessage('BufferLens: open an MLIR file to preview the deallocation pipeline.');
    return;
  }
  let req: Omit<PreviewRequest, 'source'> | undefined;
  if (arg && (arg.strategy === 'classic' || arg.strategy === 'ownership')) {
    req = arg.strategy === 'ownership' ? { strategy: 'ownership', stage: arg.stage ?? 'lowered' } : { strategy: 'classic' };
  } else {
    req = (await vscode.window.showQuickPick(VARIANTS, { placeHolder: 'Which placement to preview?' }))?.req;
  }
  if (!req) return;
  const uri = PipelinePreviewProvider.previewUri(editor.document.uri, req);
  let doc = await vscode.workspace.openTextDocument(uri);
  if (doc.languageId !== 'mlir') doc = await vscode.languages.setTextDocumentLanguage(doc, 'mlir');
  await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: false, preserveFocus: true });
}
