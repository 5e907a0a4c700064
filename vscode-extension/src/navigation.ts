/**
 * Whether BufferLens answers navigation requests (go to definition, find
 * references, document highlights, document symbols) for `.mlir` files.
 *
 * LLVM's vscode-mlir extension runs `mlir-lsp-server`, which answers the
 * same requests for the same files; with both answering, VS Code shows
 * every definition and reference twice. `auto` leaves navigation to
 * `mlir-lsp-server` when vscode-mlir is installed and enabled, and its
 * `mlir.enable` (whether it starts `mlir-lsp-server`) is not false; diagnostics,
 * hovers, inlay hints, code actions, semantic tokens and the graph stay
 * BufferLens's either way (upstream has no ownership facts to show).
 */
export const NAVIGATION_MODES = ['auto', 'on', 'off'] as const;
export type NavigationMode = (typeof NAVIGATION_MODES)[number];

/** The identifier of LLVM's extension (mlir/utils/vscode/package.json). */
export const VSCODE_MLIR_ID = 'llvm-vs-code-extensions.vscode-mlir';

export interface NavigationDecision {
  enabled: boolean;
  /** Why, in words for the log. */
  reason: string;
  /** A problem with the setting, if any (the default was used). */
  warning?: string;
}

export function decideNavigation(setting: unknown, vscodeMlirPresent: boolean, mlirServerEnabled = true): NavigationDecision {
  let mode: NavigationMode = 'auto';
  let warning: string | undefined;
  if (setting !== undefined && setting !== null) {
    if (typeof setting === 'string' && (NAVIGATION_MODES as readonly string[]).includes(setting)) {
      mode = setting as NavigationMode;
    } else {
      warning = `bufferlens.navigation: ${JSON.stringify(setting)} is not one of ${NAVIGATION_MODES.join(', ')}; using auto.`;
    }
  }
  if (mode === 'on') return { enabled: true, reason: 'bufferlens.navigation is on', warning };
  if (mode === 'off') return { enabled: false, reason: 'bufferlens.navigation is off', warning };
  if (!vscodeMlirPresent) return { enabled: true, reason: 'vscode-mlir is not installed', warning };
  return mlirServerEnabled
    ? { enabled: false, reason: 'vscode-mlir is installed: navigation is left to mlir-lsp-server', warning }
    : { enabled: true, reason: 'vscode-mlir is installed but mlir.enable is false: mlir-lsp-server does not run', warning };
}
