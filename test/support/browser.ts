import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestApp, type TestApp, type TestAppOptions } from './api.js';

/**
 * Browser tests (test/web/*.browser.test.ts): the app served by a real test server on a free port,
 * driven in Debian's Chromium through playwright-core. No browser download: CHROMIUM_PATH or
 * /usr/bin/chromium (`apt-get install -y chromium`; .ci/run installs it). A missing browser fails
 * the test with that instruction, it never skips.
 */
export const SCREENSHOT_DIR = join(import.meta.dirname, '..', '..', 'test-output', 'screenshots');

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`Chromium not found at ${path}: install it (Debian: \`apt-get install -y chromium\`) or set CHROMIUM_PATH. Browser tests need it and do not skip.`);
  }
  return path;
}

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 740 };

export interface BrowserApp {
  t: TestApp;
  browser: Browser;
  /** http://127.0.0.1:<port> of the test server. */
  baseUrl: string;
  /** A page in a fresh browser context (its own localStorage: one person), at desktop size by default. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  /** Saves test-output/screenshots/<test>-<step>.png (full page), prints and answers its path. */
  screenshot(page: Page, step: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts a test server on a real port and a headless Chromium; `test` names the screenshots. */
export async function startBrowserApp(test: string, options: TestAppOptions = {}): Promise<BrowserApp> {
  const executablePath = chromiumPath();
  const t = await startTestApp({ ...options, listen: true });
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  } catch (error) {
    await t.close();
    throw error;
  }
  const address = t.app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const contexts: BrowserContext[] = [];
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    t,
    browser,
    baseUrl,
    async newPage(viewport = DESKTOP) {
      // English, whatever the machine's locale: the tests read the English words (the app follows the browser's languages).
      const context = await browser.newContext({ baseURL: baseUrl, viewport, locale: 'en-US' });
      contexts.push(context);
      const page = await context.newPage();
      // Anything the app logs as an error (a CSP refusal, an exception) shows in the test output.
      page.on('console', (message) => {
        if (message.type() === 'error') console.log(`[browser ${test}] console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => console.log(`[browser ${test}] page error: ${error.message}`));
      return page;
    },
    async screenshot(page, step) {
      const path = join(SCREENSHOT_DIR, `${test}-${step}.png`);
      await page.screenshot({ path, fullPage: true });
      console.log(`[screenshot] ${path}`);
      return path;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close().catch(() => {});
      await t.close();
    },
  };
}

/**
 * The few browser globals tests read inside `page.evaluate` (the tests compile without the DOM
 * library, which must not leak into server code).
 */
export interface BrowserGlobals {
  document: { scrollingElement: { scrollWidth: number } };
  innerWidth: number;
  localStorage: { getItem(key: string): string | null };
}

/** The page's document is no wider than its viewport (nothing scrolls sideways). */
export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; viewport: number }> {
  return page.evaluate(() => {
    const window = globalThis as unknown as BrowserGlobals;
    return { scrollWidth: window.document.scrollingElement.scrollWidth, viewport: window.innerWidth };
  });
}

/** Logs in through the app's login page and waits for the app to show the account. */
export async function logIn(page: Page, username: string, password: string, next = '/'): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('whoami').waitFor();
}
