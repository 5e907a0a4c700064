// Bundles the extension (Node, CommonJS, `vscode` external) and the graph
// webview script (browser, IIFE) with esbuild.
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, chmodSync } from 'node:fs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const common = {
  bundle: true,
  sourcemap: !production,
  minify: production,
  logLevel: 'info',
};

const targets = [
  {
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    target: 'node18',
    external: ['vscode'],
  },
  {
    ...common,
    entryPoints: ['src/webview/main.ts'],
    outfile: 'dist/webview.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2020',
  },
];

// vscode-languageclient force-kills a server that does not exit through
// `${__dirname}/terminateProcess.sh`; bundled, __dirname is dist/.
mkdirSync('dist', { recursive: true });
copyFileSync('node_modules/vscode-languageclient/lib/node/terminateProcess.sh', 'dist/terminateProcess.sh');
chmodSync('dist/terminateProcess.sh', 0o755);

if (watch) {
  for (const t of targets) {
    const ctx = await esbuild.context(t);
    await ctx.watch();
  }
} else {
  await Promise.all(targets.map((t) => esbuild.build(t)));
}
