// Test-only stand-in for LLVM's vscode-mlir (see README.md): what matters to
// BufferLens beside it is the extension identifier, a second language client
// on mlir-lsp-server for the `mlir` language, and a second grammar for
// `source.mlir`. Bundled with vscode-languageclient by the e2e runner.
'use strict';
const vscode = require('vscode');
const { LanguageClient, RevealOutputChannelOn } = require('vscode-languageclient/node');

let client;

exports.activate = async (context) => {
  const output = vscode.window.createOutputChannel('MLIR');
  context.subscriptions.push(output);
  const serverPath = vscode.workspace.getConfiguration('mlir').get('server_path') || 'mlir-lsp-server';
  output.appendLine(`starting ${serverPath}`);
  client = new LanguageClient(
    'mlir-lsp',
    'MLIR Language Client',
    { command: serverPath, args: [] },
    {
      documentSelector: [{ scheme: 'file', language: 'mlir' }],
      outputChannel: output,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
    },
  );
  await client.start();
  output.appendLine('mlir-lsp-server initialized');
};

exports.deactivate = () => client?.stop();
