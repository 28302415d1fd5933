import type { Page } from 'playwright-core';
import { plainWords } from './plain-words.js';

/**
 * For the account, settings and admin pages' language tests (test/web/account, notifications and
 * admin browser tests): logging in through the log-in form in any language, and the words on a page
 * that did not come from the catalog when it is shown in the pseudo-locale.
 */

/** Logs in through the log-in page (found by its fields' names, not its words) and waits for the app to show the account. */
export async function logInAnyLanguage(page: Page, username: string, password: string, lang: string, next = '/'): Promise<void> {
  await page.goto(`/login?lang=${lang}&next=${encodeURIComponent(next)}`);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.getByTestId('whoami').waitFor();
}

/**
 * Parts of these pages that other parts of the web app draw, whose words their owners bring into the
 * catalog (the whole-site pseudo-locale test covers them): the shared table's pager (web/src/ui/Table.tsx),
 * the JSON diff view (web/src/ui/JsonView.tsx), the confirm dialog's own Cancel button (web/src/ui/Confirm.tsx), and a toy test game's log lines and action words,
 * which have no catalog. Data is skipped too: JSON (pre) and ids and actions (code).
 */
const NOT_OURS = ['.pager', '.diff-wrap', 'dialog .row > button.btn-secondary', '[data-testid="diff-empty"]', '.event-log', '.seat-log', '.event-words', 'pre', 'code', 'select[name="timeZone"] option', 'select[name="type"] option'].join(', ');
/** Elements whose own labels another part draws: the shared table's scroll region ("… table", web/src/ui/Table.tsx). */
const LABEL_NOT_OURS = '.table-wrap';

/**
 * Every word of two or more plain ASCII letters in the page's main part, or the part `within` selects
 * (the header and its navigation are web/src/app/Shell.tsx's), in visible text, aria-labels, placeholders, titles and
 * aria-valuetexts, once `allowed` strings (usernames, addresses, ids the test made) are taken out.
 * In the pseudo-locale every catalog word is accented, so each one found is a word not from the catalog.
 */
export async function plainEnglishWords(page: Page, allowed: readonly string[], within = 'main'): Promise<string[]> {
  // The page hands over its words with where each was shown; plainWords (test/support/plain-words.ts) judges them.
  const script = `(() => {
    const skip = ${JSON.stringify(NOT_OURS)};
    const labelSkip = ${JSON.stringify(LABEL_NOT_OURS)};
    const root = document.querySelector(${JSON.stringify(within)});
    if (!root) return null;
    const shown = [];
    const visible = (element) => (element.tagName === 'OPTION' ? element.closest('select') : element).checkVisibility();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest(skip) || element.closest('script, style') || !visible(element)) continue;
      shown.push({ text: node.textContent ?? '', where: element.tagName.toLowerCase() });
    }
    for (const element of root.querySelectorAll('[aria-label], [placeholder], [title], [aria-valuetext]')) {
      if (element.closest(skip) || element.matches(labelSkip) || !visible(element)) continue;
      for (const attribute of ['aria-label', 'placeholder', 'title', 'aria-valuetext']) {
        const value = element.getAttribute(attribute);
        if (value) shown.push({ text: value, where: element.tagName.toLowerCase() + '[' + attribute + ']' });
      }
    }
    return shown;
  })()`;
  const shown = (await page.evaluate(script)) as { text: string; where: string }[] | null;
  if (shown === null) return [`(nothing matches ${within})`];
  return shown.flatMap(({ text, where }) => plainWords(text, allowed).map((word) => `${word} (${where}: ${text.trim().slice(0, 80)})`));
}
