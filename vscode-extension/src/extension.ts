import * as vscode from 'vscode';
import { GraphPanel } from './graphPanel';
import { OwnershipLens } from './lens';
import { PREVIEW_SCHEME, parseGraphTarget, parsePathTarget } from './params';
import { PathNavigator } from './pathNavigator';
import { PipelinePreviewProvider, showPipelinePreview } from './preview';
import { ServerManager } from './server';

let server: ServerManager | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<{ server: ServerManager }> {
  server = new ServerManager(context);
  const preview = new PipelinePreviewProvider(server);
  const lens = new OwnershipLens(server);
  context.subscriptions.push(
    server,
    preview,
    lens,
    vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, preview),
    vscode.commands.registerCommand('bufferlens.showGraph', (arg?: unknown) =>
      GraphPanel.show(context, server!, parseGraphTarget(arg)),
    ),
    vscode.commands.registerCommand('bufferlens.showPath', (arg?: unknown) => {
      const target = parsePathTarget(arg);
      if (target) return GraphPanel.showPath(context, server!, target);
      void vscode.window.showInformationMessage('BufferLens: Show Path is the code action of a finding with a path.');
    }),
    new PathNavigator(),
    vscode.commands.registerCommand('bufferlens.showPipelinePreview', (arg?: { strategy?: 'classic' | 'ownership'; stage?: 'ownership' | 'simplified' | 'lowered' }) =>
      showPipelinePreview(arg),
    ),
    vscode.commands.registerCommand('bufferlens.toggleOwnershipLens', () => lens.toggle()),
    vscode.commands.registerCommand('bufferlens.restartServer', () => server!.restart()),
    vscode.commands.registerCommand('bufferlens.showOutput', () => server!.output.show(true)),
  );
  void server.start();
  return { server };
}

export async function deactivate(): Promise<void> {
  await server?.stop();
  server = undefined;
}
