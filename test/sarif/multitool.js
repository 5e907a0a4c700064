// Validates SARIF logs with Microsoft's SARIF SDK (`Sarif.Multitool
// validate`, @microsoft/sarif-multitool): the JSON schema and the SDK's
// rules of the SARIF 2.1.0 specification (SARIF1xxx, errors) and of its
// recommendations for a log people read (SARIF2xxx, warnings and notes).
// Exits 1 when a log has an error-level result, or warnings other than
// those named after `--warnings` (comma-separated rule ids).
//   node multitool.js --warnings SARIF2005 LOG...
// Exits 77 when the SDK has no binary for this platform.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const args = process.argv.slice(2);
const w = args.indexOf('--warnings');
const expected = w >= 0 ? args.splice(w, 2)[1].split(',').filter(Boolean) : [];
const platform = { linux: 'linux', darwin: 'darwin', win32: 'win32' }[process.platform];
let tool;
try {
  tool = path.join(path.dirname(require.resolve(`@microsoft/sarif-multitool-${platform}/package.json`)), 'Sarif.Multitool');
} catch {
  console.log(`SKIPPED: no @microsoft/sarif-multitool build for ${process.platform}`);
  process.exit(77);
}
// npm ci runs with --ignore-scripts, which skips the package's chmod.
fs.chmodSync(tool, 0o755);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-sarif-'));
let failed = false;
for (const log of args) {
  const out = path.join(work, `${path.basename(log)}.validation.sarif`);
  const run = spawnSync(tool, ['validate', '--level', 'Error;Warning', '-o', out, log], {
    encoding: 'utf8',
    // The SDK is a .NET application: no telemetry, no first-run banner, and
    // no need for libicu (it compares rule ids, not localised text).
    env: { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: '1', DOTNET_NOLOGO: '1', DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1' },
  });
  if (run.status !== 0 || !fs.existsSync(out)) {
    console.log(`${path.basename(log)}: Sarif.Multitool failed (exit ${run.status}):\n${run.stdout}${run.stderr}`);
    failed = true;
    continue;
  }
  const results = JSON.parse(fs.readFileSync(out, 'utf8')).runs[0].results ?? [];
  // A result without a level has its rule's default, `warning`.
  const errors = results.filter((r) => r.level === 'error').map((r) => r.ruleId);
  const warnings = [...new Set(results.filter((r) => (r.level ?? 'warning') === 'warning').map((r) => r.ruleId))].sort();
  console.log(`${path.basename(log)}: ${errors.length} errors, warnings [${warnings.join(', ')}]`);
  if (errors.length || JSON.stringify(warnings) !== JSON.stringify([...expected].sort())) failed = true;
}
fs.rmSync(work, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
