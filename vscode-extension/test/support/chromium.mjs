// Launches Debian's Chromium through playwright-core (no browser download).
import { chromium } from 'playwright-core';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeTree } from './remove-tree.mjs';

export const CHROMIUM = process.env.BL_CHROMIUM || '/usr/bin/chromium';

export function chromiumMissing() {
  return existsSync(CHROMIUM) ? null : `Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set BL_CHROMIUM)`;
}

/** A persistent context with a fresh profile directory, removed on close. */
export async function launch({ viewport = { width: 1280, height: 800 } } = {}) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'bl-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const close = async () => {
    await context.close().catch(() => {});
    removeTree(userDataDir);
  };
  return { context, close };
}
