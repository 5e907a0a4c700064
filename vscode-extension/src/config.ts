import {
  ANALYSIS_STAGES,
  CHECK_SEVERITIES,
  type AnalysisStage,
  type CheckSeverity,
  type ServerOptionsPayload,
} from './protocol';

/**
 * The user's `bufferlens.*` settings, as read from VS Code. `undefined` means
 * "not set in any scope" (VS Code's `inspect()` found only the default).
 */
export interface RawSettings {
  checks?: unknown;
  stage?: unknown;
  promoteToStackLimit?: unknown;
  privateFunctionDynamicOwnership?: unknown;
}

export interface ShapedOptions {
  payload: ServerOptionsPayload;
  /** Human-readable problems with the settings (shown in the output channel). */
  warnings: string[];
}

/**
 * Settings → `initializationOptions` (and the `settings` of
 * `workspace/didChangeConfiguration`), in the shape of `.bufferlens.json`.
 * Only keys the user set are sent, so a project's `.bufferlens.json` still
 * applies for the rest; `checks` is always present (possibly empty).
 * Invalid values are dropped with a warning instead of being sent.
 */
export function toServerOptions(raw: RawSettings): ShapedOptions {
  const warnings: string[] = [];
  const checks: Record<string, CheckSeverity> = {};
  if (raw.checks !== undefined && raw.checks !== null) {
    if (typeof raw.checks !== 'object' || Array.isArray(raw.checks)) {
      warnings.push('bufferlens.checks must be an object like {"BL301": "off"}; ignored.');
    } else {
      for (const [code, value] of Object.entries(raw.checks as Record<string, unknown>)) {
        const normalizedCode = code.trim().toUpperCase();
        if (!/^BL\d{3}$/.test(normalizedCode)) {
          warnings.push(`bufferlens.checks: "${code}" is not a finding code (BLnnn); ignored.`);
          continue;
        }
        const sev = typeof value === 'string' ? value.trim().toLowerCase() : value;
        if (typeof sev !== 'string' || !(CHECK_SEVERITIES as readonly string[]).includes(sev)) {
          warnings.push(
            `bufferlens.checks.${normalizedCode}: ${JSON.stringify(value)} is not one of ${CHECK_SEVERITIES.join(', ')}; ignored.`,
          );
          continue;
        }
        checks[normalizedCode] = sev as CheckSeverity;
      }
    }
  }
  const payload: ServerOptionsPayload = { checks };

  if (raw.stage !== undefined) {
    if (typeof raw.stage === 'string' && (ANALYSIS_STAGES as readonly string[]).includes(raw.stage)) {
      payload.stage = raw.stage as AnalysisStage;
    } else {
      warnings.push(`bufferlens.stage: ${JSON.stringify(raw.stage)} is not one of ${ANALYSIS_STAGES.join(', ')}; ignored.`);
    }
  }
  if (raw.promoteToStackLimit !== undefined) {
    const n = raw.promoteToStackLimit;
    if (typeof n === 'number' && Number.isInteger(n) && n >= 0) {
      payload.promoteToStackLimit = n;
    } else {
      warnings.push(`bufferlens.promoteToStackLimit: ${JSON.stringify(n)} is not a non-negative integer; ignored.`);
    }
  }
  if (raw.privateFunctionDynamicOwnership !== undefined) {
    if (typeof raw.privateFunctionDynamicOwnership === 'boolean') {
      payload.privateFunctionDynamicOwnership = raw.privateFunctionDynamicOwnership;
    } else {
      warnings.push('bufferlens.pipeline.privateFunctionDynamicOwnership must be true or false; ignored.');
    }
  }
  return { payload, warnings };
}
