import * as cp from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as vscode from 'vscode';
import {
  CancellationToken,
  CloseAction,
  DidChangeConfigurationNotification,
  ErrorAction,
  LanguageClient,
  type LanguageClientOptions,
  RevealOutputChannelOn,
  type ServerOptions,
  State,
} from 'vscode-languageclient/node';
import { toServerOptions, type RawSettings, type ShapedOptions } from './config';
import { codeLinks, declareCompactDiagnostics, fillDiagnostics } from './diagnosticDefaults';
import { documentSelector } from './documentSelector';
import { decideNavigation, VSCODE_MLIR_ID, type NavigationDecision } from './navigation';
import { resolveServerPath } from './serverPath';
import { statusView, type ServerState } from './status';

export const SECTION = 'bufferlens';

/** What the server says of itself in `capabilities.experimental`. */
interface Experimental {
  bufferlens?: { codeDescriptionBase?: unknown };
}

/**
 * The language client, minus its own pop-ups for a server that cannot
 * start: ServerManager reports that once, with buttons to the log and the
 * setting (the client would add two more toasts saying less).
 */
class BufferLensClient extends LanguageClient {
  override error(message: string, data?: unknown, showNotification: boolean | 'force' = true): void {
    const startFailure = /couldn't create connection to server/.test(message);
    super.error(message, data, startFailure ? false : showNotification);
  }
}

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
    // The extension spawns the process itself (the client talks over its
    // stdin/stdout and logs its stderr) so that it knows how and why the
    // server ended: a server that dies at start is reported with its exit
    // code and last stderr line. The command line is exactly `serve`: the
    // client's own spawning would append `--stdio`, which the server rejects.
    let stderrTail = '';
    let exited: Promise<void> = Promise.resolve();
    let exitInfo: string | undefined;
    const serverOptions: ServerOptions = async () => {
      const proc = cp.spawn(resolution.path, ['serve'], { cwd, env: process.env, stdio: 'pipe' });
      this.process = proc;
      stderrTail = '';
      exitInfo = undefined;
      exited = new Promise<void>((resolve) => {
        proc.on('exit', (code, signal) => {
          exitInfo = signal ? `was killed by ${signal}` : `exited with code ${code}`;
          resolve();
        });
        proc.on('error', (err) => {
          exitInfo = `could not be started: ${err.message}`;
          resolve();
        });
      });
      proc.stderr?.on('data', (d: Buffer) => {
        stderrTail = (stderrTail + d.toString('utf8')).slice(-4000);
      });
      return proc;
    };
    // Made from the initialize result, at the first publish.
    let links: ((code: string) => vscode.Uri | undefined) | undefined;
    const clientOptions: LanguageClientOptions = {
      documentSelector,
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
        // Navigation is left to mlir-lsp-server when vscode-mlir runs
        // beside us (bufferlens.navigation; src/navigation.ts): without
        // this, every definition and reference would be listed twice.
        // The server sends compact diagnostics (declareCompactDiagnostics): this
        // puts back the source and code links it left out.
        handleDiagnostics: (uri, diagnostics, next) => {
          links ??= codeLinks(
            (client.initializeResult?.capabilities.experimental as Experimental | undefined)?.bufferlens
              ?.codeDescriptionBase,
            (href) => vscode.Uri.parse(href),
          );
          fillDiagnostics(diagnostics, links);
          next(uri, diagnostics);
        },
        provideDefinition: (document, position, token, next) =>
          this.navigation().enabled ? next(document, position, token) : undefined,
        provideReferences: (document, position, options, token, next) =>
          this.navigation().enabled ? next(document, position, options, token) : undefined,
        provideDocumentHighlights: (document, position, token, next) =>
          this.navigation().enabled ? next(document, position, token) : undefined,
        provideDocumentSymbols: (document, token, next) =>
          this.navigation().enabled ? next(document, token) : undefined,
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
    // A server that dies before answering `initialize` (wrong binary, no
    // `serve` command, a crash on start) is reported once and not restarted;
    // one that crashes after running is restarted up to 4 times in 3 minutes.
    let everRunning = false;
    let reported = false;
    const crashes: number[] = [];
    const failStart = async (message: string): Promise<void> => {
      if (reported || this.client !== client) return;
      reported = true;
      this.output.appendLine(`[error] the server failed to start: ${message}`);
      this.setState('error', 'failed to start');
      // Whatever the connection error was (EPIPE, a destroyed stream, ...),
      // what helps is how the process ended and what it said last.
      await Promise.race([exited, new Promise((r) => setTimeout(r, 1500))]);
      const lastLine = stderrTail.trim().split('\n').pop()?.trim();
      const why = exitInfo
        ? `it ${exitInfo} before answering initialize${lastLine ? `: "${lastLine}"` : ''}. Its output is in the log.`
        : message;
      void vscode.window
        .showErrorMessage(
          `BufferLens: the server failed to start (${resolution.path} serve): ${why}`,
          'Show Log',
          'Open Settings',
        )
        .then((choice) => this.onErrorChoice(choice));
    };
    clientOptions.errorHandler = {
      // Connection errors are logged by the client; what the user needs to
      // know is said once, by failStart or by the crash message below.
      error: (_error, _message, count) => ({
        action: (count ?? 0) <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown,
        handled: true,
      }),
      closed: () => {
        if (!everRunning) {
          return { action: CloseAction.DoNotRestart, handled: true };
        }
        const now = Date.now();
        crashes.push(now);
        while (crashes.length && crashes[0] < now - 3 * 60_000) crashes.shift();
        if (crashes.length <= 4) {
          this.output.appendLine('[warn] the server stopped unexpectedly; restarting it');
          return { action: CloseAction.Restart, handled: true };
        }
        this.setState('error', 'crashed repeatedly');
        void vscode.window
          .showErrorMessage(
            'BufferLens: the server crashed 5 times in 3 minutes and was not restarted.',
            'Show Log',
            'Restart Server',
          )
          .then((choice) => (choice === 'Restart Server' ? this.restart() : this.onErrorChoice(choice)));
        return { action: CloseAction.DoNotRestart, handled: true };
      },
    };
    clientOptions.initializationFailedHandler = (error) => {
      void failStart(error instanceof Error ? error.message : String(error));
      return false; // do not retry; the client stops
    };
    const client = new BufferLensClient('bufferlens', 'BufferLens', serverOptions, clientOptions);
    // Tells the server the middleware above fills in source and links.
    client.registerFeature({
      fillClientCapabilities: declareCompactDiagnostics,
      getState: () => ({ kind: 'static' }),
      initialize: () => {},
      clear: () => {},
    });
    this.client = client;
    client.onDidChangeState((e) => {
      if (this.client !== client) return;
      if (e.newState === State.Starting) this.setState('starting');
      else if (e.newState === State.Running) {
        everRunning = true;
        this.setState('running');
      } else if (e.newState === State.Stopped) {
        // stop() detaches the client first, so a Stopped seen here was not asked for.
        if (!everRunning) void failStart('the server exited during initialization');
        else if (this.state !== 'error') this.setState('error', 'the server stopped');
      }
    });
    this.setState('starting');
    try {
      await client.start();
      // start() can settle after initialization failed (the failure handler
      // has then reported it): only a client that runs is "running".
      if (this.client === client && !reported && client.state === State.Running) this.setState('running');
    } catch (err) {
      void failStart(err instanceof Error ? err.message : String(err));
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

  /** The server process of the current client (spawned by serverOptions). */
  private process: cp.ChildProcess | undefined;

  async stop(): Promise<void> {
    const client = this.client;
    const proc = this.process;
    this.client = undefined;
    this.process = undefined;
    if (client) {
      try {
        await client.stop(5000);
      } catch (err) {
        this.output.appendLine(`[warn] stopping the server: ${err instanceof Error ? err.message : String(err)}`);
      }
      await client.dispose().catch(() => undefined);
    }
    // The client sent shutdown/exit; a server that ignores them is killed.
    if (proc && proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGTERM');
      const t = setTimeout(() => proc.kill('SIGKILL'), 2000);
      proc.once('exit', () => clearTimeout(t));
    }
    this.setState('stopped');
  }

  async restart(): Promise<void> {
    this.output.appendLine('[info] restarting the server');
    await this.stop();
    await this.start();
  }

  /** Whether BufferLens answers navigation requests now (src/navigation.ts). */
  private navigation(): NavigationDecision {
    const decision = decideNavigation(
      vscode.workspace.getConfiguration(SECTION).get('navigation'),
      vscode.extensions.getExtension(VSCODE_MLIR_ID) !== undefined,
      vscode.workspace.getConfiguration('mlir').get('enable') !== false,
    );
    const said = `${decision.enabled}:${decision.reason}`;
    if (said !== this.lastNavigation) {
      this.lastNavigation = said;
      if (decision.warning) this.output.appendLine(`[warning] ${decision.warning}`);
      this.output.appendLine(
        `[info] navigation (definition, references, highlights, symbols): ${decision.enabled ? 'on' : 'off'} (${decision.reason})`,
      );
    }
    return decision;
  }
  private lastNavigation = '';

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
