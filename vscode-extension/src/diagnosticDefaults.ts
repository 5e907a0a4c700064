/**
 * What the server leaves out of each diagnostic for this extension to fill
 * in. Nearly every diagnostic would repeat the same `source` ("bufferlens")
 * and its finding code's link (the README's `#bl101` anchor): 14-17%
 * of a large file's publishDiagnostics, which every edit resends and the editor
 * parses. To a client that declares `experimental.bufferlens.compactDiagnostics`
 * among its capabilities the server sends neither (MLIR's own errors still
 * say `source: "mlir"`), and names the links' base once, in its initialize
 * result (`capabilities.experimental.bufferlens.codeDescriptionBase`). A
 * capability, not a setting: a server too old to know it ignores it, where
 * an unknown setting is reported to the user.
 *
 * The user sees what a full diagnostic would show: the Problems panel's
 * "bufferlens(BL101)" with the code as a link. Each code's link is parsed
 * once here, where the client would parse one per diagnostic.
 */

/** Adds the capability to the client's `initialize` (a static feature's fillClientCapabilities). */
export function declareCompactDiagnostics(capabilities: { experimental?: unknown }): void {
  const experimental = (capabilities.experimental ?? {}) as Record<string, unknown>;
  const ours = (experimental.bufferlens ?? {}) as Record<string, unknown>;
  capabilities.experimental = { ...experimental, bufferlens: { ...ours, compactDiagnostics: true } };
}

export const OWN_SOURCE = 'bufferlens';

/** The fields of a vscode.Diagnostic this module touches. */
export interface Fillable<Target> {
  source?: string;
  code?: string | number | { value: string | number; target: Target };
}

/** A finding code's link (BL101 -> BASE#bl101), made once per code; none without a base. */
export function codeLinks<Target>(
  base: unknown,
  parse: (href: string) => Target,
): (code: string) => Target | undefined {
  if (typeof base !== 'string' || base === '') return () => undefined;
  const made = new Map<string, Target>();
  return (code) => {
    let target = made.get(code);
    if (target === undefined) {
      target = parse(`${base}#${code.toLowerCase()}`);
      made.set(code, target);
    }
    return target;
  };
}

/** Fills in, in place, what the server left out of each diagnostic. */
export function fillDiagnostics<Target>(
  diagnostics: Fillable<Target>[],
  linkFor: (code: string) => Target | undefined,
): void {
  for (const d of diagnostics) {
    if (d.source === undefined) d.source = OWN_SOURCE;
    if (typeof d.code !== 'string' || !/^BL\d{3}$/.test(d.code)) continue;
    const target = linkFor(d.code);
    if (target !== undefined) d.code = { value: d.code, target };
  }
}
