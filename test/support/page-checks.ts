import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * What the browser tests check on any page a player or admin meets: axe-core's accessibility
 * rules (axe-core injected into the page, as its docs describe for any driver), words instead of
 * ids in the visible text, and board targets reachable by Tab.
 */
// Evaluated through the DevTools protocol: the app's CSP (script-src 'self') refuses an injected <script>.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core's serious and critical violations on the page as it is now (WCAG 2 A/AA and best practice rules). */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((node) => node.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Internal words in the visible text: card and piece ids ("police-3", "(card 6)", "(#12)",
 * "money-4"), camelCase identifiers ("unionLeader") and action type names in brackets ("(place)").
 * Answers each offending match with a little of its context.
 */
export async function internalWords(page: Page, actionTypes: Iterable<string> = []): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const patterns = [
    /\b[a-z][A-Za-z]*-\d+\b/g, // a card id: clinic-2, indHealth-1
    /\((?:card|#)\s?\d+\)/g, // guild town's "(card 6)", "(#12)"
    /\b(?:money|building)-\d+\b/g,
    /\b[a-z]+[A-Z][A-Za-z]*\b/g, // camelCase
    ...[...new Set(actionTypes)].map((type) => new RegExp(`\\(${type}\\)`, 'g')),
  ];
  const found: string[] = [];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) found.push(`${match[0]} in "…${text.slice(Math.max(0, match.index - 40), match.index + match[0].length + 20).replace(/\s+/g, ' ')}…"`);
  }
  return found;
}

/** The action types of the legal-action buttons shown now (their data-action JSON). */
export async function shownActionTypes(page: Page): Promise<string[]> {
  const actions = await page.locator('[data-testid=legal-actions] button[data-action]').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-action') ?? '{}'));
  return actions.map((json) => (JSON.parse(json) as { type: string }).type);
}

/** The board's clickable targets: SVG groups acting as buttons, and real buttons drawn on the board. */
export const BOARD_TARGETS = '.board [role=button], .board button';

/**
 * Presses Tab from the top of the page until every board target (`.board [role=button]`) has had
 * the focus, at most `limit` presses: answers the labels of the targets never reached (none when
 * all are in the tab order).
 */
export async function boardTargetsNotReachedByTab(page: Page): Promise<{ targets: number; missed: string[] }> {
  // Enough presses to visit everything focusable once (and a few more).
  const limit = (await page.locator('a[href], button:not([disabled]), input, select, [tabindex]').count()) + 5;
  // Only what is drawn: a control the layout hides at this width (Milestone City's phone-only zoom) is no target here.
  const labels = await page.locator(BOARD_TARGETS).evaluateAll((elements) => elements.filter((element) => element.getClientRects().length > 0).map((element, i) => {
    element.setAttribute('data-tab-check', String(i));
    return element.getAttribute('aria-label') ?? `target ${i}`;
  }));
  const reached = new Set<string>();
  await page.locator('body').focus();
  await page.evaluate(() => ((globalThis as unknown as { document: { activeElement: { blur(): void } | null } }).document.activeElement?.blur()));
  for (let i = 0; i < limit && reached.size < labels.length; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(name: string): string | null } | null } }).document.activeElement?.getAttribute('data-tab-check') ?? null);
    if (focused !== null) reached.add(focused);
  }
  return { targets: labels.length, missed: labels.filter((_, i) => !reached.has(String(i))) };
}
