import * as fs from 'fs';
import * as os from 'os';
import * as vscode from 'vscode';
import {
  CancellationToken,
  DidChangeConfigurationNotification,
  LanguageClient,
  type LanguageClientOptions,
  RevealOutputChannelOn,
  type ServerOptions,
  State,
  TransportKind,
} from 'vscode-languageclient/node';
import { toServerOptions, type RawSettings, type ShapedOptions } from './config';
import { resolveServerPath } from './serverPath';
import { statusView, type ServerState } from './status';

export const SECTION = 'bufferlens';

function isExecutable(p: string): boolean {
  try {
    const st = fs.statSync(p);
    if (!st.isFile()) return false;
    fs.accessSync(p, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Reads the settings; a key counts as set when any scope (not the default) has it. */
export function readRawSettings(scope?: vscode.ConfigurationScope): RawSettings {
  const cfg = vscode.workspace.getConfiguration(SECTION, scope);
  const setValue = (key: string): unknown => {
    const i = cfg.inspect(key);
    if (!i) return undefined;
    return i.workspaceFolderValue ?? i.workspaceValue ?? i.globalValue;
  };
  return {
    checks: cfg.get('checks'),
    stage: setValue('stage'),
    promoteToStackLimit: setValue('promoteToStackLimit'),
    privateFunctionDynamicOwnership: setValue('pipeline.privateFunctionDynamicOwnership'),
  };
}

/**
 * Owns the language client: finds the executable, starts `bufferlens serve`
 * over stdio, keeps the status bar item in step with its state, forwards
 * settings, and restarts it on request.
 */
export class ServerManager implements vscode.Disposable {
  readonly output: vscode.OutputChannel;
  private readonly status: vscode.StatusBarItem;
  private client: LanguageClient | undefined;
  private state: ServerState = 'stopped';
  private readonly stateEmitter = new vscode.EventEmitter<ServerState>();
  readonly onDidChangeState = this.stateEmitter.event;
  private readonly disposables: vscode.Disposable[] = [];
  private starting: Promise<void> | undefined;

  constructor(private readonly context: vscode.ExtensionContext) {
    this.output = vscode.window.createOutputChannel('BufferLens');
    this.status = vscode.window.createStatusBarItem('bufferlens.status', vscode.StatusBarAlignment.Left, 10);
    this.status.name = 'BufferLens';
    this.status.command = 'bufferlens.showOutput';
    this.setState('stopped');
    this.status.show();
    this.disposables.push(
      this.output,
      this.status,
      this.stateEmitter,
      vscode.workspace.onDidChangeConfiguration((e) => this.onConfigurationChanged(e)),
    );
  }

  get currentState(): ServerState {
    return this.state;
  }

  get languageClient(): LanguageClient | undefined {
    return this.client;
  }

  private setState(state: ServerState, detail?: string): void {
    this.state = state;
    const v = statusView(state, detail);
    this.status.text = v.text;
    this.status.tooltip = v.tooltip;
    this.status.accessibilityInformation = { label: v.accessibleLabel, role: 'button' };
    this.status.backgroundColor = v.isError ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    this.stateEmitter.fire(state);
  }

  shapedOptions(): ShapedOptions {
    return toServerOptions(readRawSettings(vscode.workspace.workspaceFolders?.[0]?.uri));
  }

  private logWarnings(opts: ShapedOptions): void {
    for (const w of opts.warnings) this.output.appendLine(`[settings] ${w}`);
  }

  start(): Promise<void> {
    if (!this.starting) {
      this.starting = this.doStart().finally(() => (this.starting = undefined));
    }
    return this.starting;
  }

  private async doStart(): Promise<void> {
    const setting = vscode.workspace.getConfiguration(SECTION).get<string>('server.path');
    const resolution = resolveServerPath({
      setting,
      workspaceFolders: (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath),
      extensionPath: this.context.extensionUri.fsPath,
      envPath: process.env.PATH,
      homeDir: os.homedir(),
      isExecutable,
    });
    if (!resolution.ok) {
      this.output.appendLine(`[error] ${resolution.message}`);
      if (resolution.tried.length) this.output.appendLine(`[error] looked for: ${resolution.tried.join(', ')}`);
      this.setState('error', 'server binary not found');
      void this.showMissingServer(resolution.message);
      return;
    }
    this.output.appendLine(`[info] starting ${resolution.path} serve (found via ${resolution.source})`);

    const cwd = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file')?.uri.fsPath;
    const serverOptions: ServerOptions = {
      command: resolution.path,
      args: ['serve'],
      transport: TransportKind.stdio,
      options: cwd ? { cwd } : {},
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [
        { scheme: 'file', language: 'mlir' },
        { scheme: 'untitled', language: 'mlir' },
      ],
      outputChannel: this.output,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      diagnosticCollectionName: 'bufferlens',
      initializationOptions: () => {
        const opts = this.shapedOptions();
        this.logWarnings(opts);
        return opts.payload;
      },
      markdown: { isTrusted: false, supportHtml: false },
      middleware: {
        workspace: {
          // A server that pulls `workspace/configuration` for the section
          // "bufferlens" gets the same .bufferlens.json shape it is pushed.
          configuration: async (params, token: CancellationToken, next) => {
            const results = await next(params, token);
            if (!Array.isArray(results)) return results;
            return params.items.map((item, i) =>
              item.section === SECTION ? this.shapedOptions().payload : results[i],
            );
          },
        },
      },
    };
    const client = new LanguageClient('bufferlens', 'BufferLens', serverOptions, clientOptions);
    this.client = client;
    client.onDidChangeState((e) => {
      if (this.client !== client) return;
      if (e.newState === State.Starting) this.setState('starting');
      else if (e.newState === State.Running) this.setState('running');
      // stop() detaches the client first, so a Stopped seen here was not asked for.
      else if (e.newState === State.Stopped) this.setState('error', 'the server stopped');
    });
    this.setState('starting');
    try {
      await client.start();
      this.setState('running');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.output.appendLine(`[error] the server failed to start: ${message}`);
      this.setState('error', 'failed to start');
      void vscode.window
        .showErrorMessage(`BufferLens: the server failed to start: ${message}`, 'Show Log', 'Open Settings')
        .then((choice) => this.onErrorChoice(choice));
    }
  }

  private async showMissingServer(message: string): Promise<void> {
    const choice = await vscode.window.showErrorMessage(
      `BufferLens: ${message} Build it (build/bin/bufferlens) or set "bufferlens.server.path".`,
      'Open Settings',
      'Show Log',
    );
    await this.onErrorChoice(choice);
  }

  private async onErrorChoice(choice: string | undefined): Promise<void> {
    if (choice === 'Open Settings') {
      // The setting is machine-overridable: in a remote window (SSH, WSL,
      // containers, code-server) it is edited in the Remote tab, and the
      // User tab would not even list it.
      // (openRemoteSettings takes its query only in an options object.)
      if (vscode.env.remoteName) {
        await vscode.commands.executeCommand('workbench.action.openRemoteSettings', { query: 'bufferlens.server.path' });
      } else {
        await vscode.commands.executeCommand('workbench.action.openSettings', 'bufferlens.server.path');
      }
    } else if (choice === 'Show Log') {
      this.output.show(true);
    }
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) {
      try {
        await client.stop(5000);
      } catch (err) {
        this.output.appendLine(`[warn] stopping the server: ${err instanceof Error ? err.message : String(err)}`);
      }
      await client.dispose().catch(() => undefined);
    }
    this.setState('stopped');
  }

  async restart(): Promise<void> {
    this.output.appendLine('[info] restarting the server');
    await this.stop();
    await this.start();
  }

  private onConfigurationChanged(e: vscode.ConfigurationChangeEvent): void {
    if (e.affectsConfiguration(`${SECTION}.server.path`)) {
      void this.restart();
      return;
    }
    const analysisKeys = ['checks', 'stage', 'promoteToStackLimit', 'pipeline.privateFunctionDynamicOwnership'];
    if (analysisKeys.some((k) => e.affectsConfiguration(`${SECTION}.${k}`)) && this.client?.isRunning()) {
      const opts = this.shapedOptions();
      this.logWarnings(opts);
      void this.client.sendNotification(DidChangeConfigurationNotification.type, { settings: opts.payload });
    }
  }

  /** Sends a custom request; rejects with a readable message when the server is not running. */
  async request<R>(method: string, params: unknown, token?: vscode.CancellationToken): Promise<R> {
    if (this.starting) await this.starting;
    const client = this.client;
    if (!client || !client.isRunning()) {
      throw new Error(
        this.state === 'error'
          ? 'The BufferLens server is not available (see the BufferLens output).'
          : 'The BufferLens server is not running.',
      );
    }
    return client.sendRequest<R>(method, params, token);
  }

  dispose(): void {
    void this.stop();
    for (const d of this.disposables) d.dispose();
  }
}
