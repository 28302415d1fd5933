import type { Page } from 'playwright-core';

/**
 * What a page's layout must keep at any width (test/web/boards.browser.test.ts): every piece of
 * text readable where it is drawn. Measured in the page with getBoundingClientRect and text ranges:
 *
 * - overlap: two pieces of visible text (HTML text, SVG <text>/<tspan>) whose boxes cross each
 *   other (more than a sliver: a quarter of the smaller line's height and 1 px across);
 * - cut: text that reaches past the edge of something that clips it without a scroll bar (an
 *   element with overflow hidden or clip, an SVG drawing), or past the tile it names (SVG text
 *   marked `data-label-within`, a selector of the shapes it must stay inside);
 * - overflow: an element reaching past the viewport's left or right edge, unless it is inside a
 *   container that scrolls sideways (`overflow-x: auto | scroll`, such as the city map).
 *
 * Text meant only for screen readers (clipped to 1 px) and text scrolled out of a scroll container
 * are not problems. Answers each problem as a line naming the texts or element concerned.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // The tests compile without the DOM library (it must not leak into server code): the page's
    // objects are typed loosely here.
    const doc: any = (globalThis as any).document;
    const win: any = globalThis;
    type Box = { left: number; top: number; right: number; bottom: number };
    const viewport = doc.documentElement.clientWidth as number;
    const problems: string[] = [];
    const style = (element: any) => win.getComputedStyle(element);
    const scrolls = (value: string) => value === 'auto' || value === 'scroll';
    const clips = (value: string) => value === 'hidden' || value === 'clip';
    const name = (element: any): string => {
      const label = element.getAttribute?.('aria-label') ?? element.getAttribute?.('data-testid') ?? element.getAttribute?.('class') ?? '';
      return `<${String(element.tagName).toLowerCase()}${label ? ` "${String(label).slice(0, 40)}"` : ''}>`;
    };
    const crosses = (a: Box, b: Box) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    const outside = (inner: Box, outer: Box) => inner.left < outer.left - 1 || inner.right > outer.right + 1 || inner.top < outer.top - 1 || inner.bottom > outer.bottom + 1;

    // Every visible piece of text with its boxes (one a line for HTML text, the element's box for SVG text).
    const texts: { text: string; element: any; boxes: Box[] }[] = [];
    const walker = doc.createTreeWalker(doc.body, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = String(node.textContent).trim();
      const element = node.parentElement;
      if (!text || !element || element.closest('title, desc, script, style, option, textarea, template')) continue;
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      let boxes: Box[];
      if (element.closest('svg')) {
        // SVG text: the box of its <text> or <tspan>, once for all the text nodes in it.
        const known = texts.find((t) => t.element === element);
        if (known) {
          known.text += text;
          continue;
        }
        boxes = [element.getBoundingClientRect()];
      } else {
        const range = doc.createRange();
        range.selectNodeContents(node);
        boxes = [...range.getClientRects()];
      }
      boxes = boxes.filter((box) => box.right - box.left > 0 && box.bottom - box.top > 0).map((box) => ({ left: box.left, top: box.top, right: box.right, bottom: box.bottom }));
      if (boxes.length) texts.push({ text, element, boxes });
    }

    // Cut: past an ancestor that clips without scrolling, or past the shapes an SVG label names.
    const shown = texts.filter(({ text, element, boxes }) => {
      for (let up = element; up && up !== doc.body; up = up.parentElement) {
        const s = style(up);
        const isSvg = String(up.tagName).toLowerCase() === 'svg';
        if (!isSvg && !clips(s.overflowX) && !clips(s.overflowY)) continue;
        const frame = up.getBoundingClientRect();
        // Visually hidden text (for screen readers) is clipped to a pixel on purpose.
        if (frame.width <= 1 || frame.height <= 1) return false;
        for (const box of boxes) if (outside(box, frame) && !(isSvg && s.overflow === 'visible')) problems.push(`cut: "${text.slice(0, 40)}" past the edge of ${name(up)}`);
      }
      const within = element.closest('[data-label-within]');
      if (within) {
        const shapes = [...doc.querySelectorAll(within.getAttribute('data-label-within'))].map((shape: any) => shape.getBoundingClientRect());
        if (shapes.length) {
          const frame = { left: Math.min(...shapes.map((s) => s.left)), top: Math.min(...shapes.map((s) => s.top)), right: Math.max(...shapes.map((s) => s.right)), bottom: Math.max(...shapes.map((s) => s.bottom)) };
          for (const box of boxes) if (outside(box, frame)) problems.push(`cut: "${String(within.textContent).slice(0, 40)}" reaches past its tile`);
        }
      }
      return true;
    });

    // Scroll containers: only the part of a text inside the container's window is on screen (the rest
    // is reached by scrolling).
    const onScreen = (element: any, box: Box): Box | null => {
      let shown = box;
      for (let up = element.parentElement; up && up !== doc.body; up = up.parentElement) {
        const s = style(up);
        if (!scrolls(s.overflowX) && !scrolls(s.overflowY)) continue;
        const frame = up.getBoundingClientRect();
        shown = { left: Math.max(shown.left, frame.left), top: Math.max(shown.top, frame.top), right: Math.min(shown.right, frame.right), bottom: Math.min(shown.bottom, frame.bottom) };
        if (shown.right <= shown.left || shown.bottom <= shown.top) return null;
      }
      return shown;
    };

    // Overlap: any two boxes of different texts, compared in order of their tops.
    const boxes = shown.flatMap((t) => t.boxes.map((box) => onScreen(t.element, box)).filter((box): box is Box => box !== null).map((box) => ({ ...box, owner: t })));
    boxes.sort((a, b) => a.top - b.top);
    const reported = new Set<string>();
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length && boxes[j]!.top < boxes[i]!.bottom; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.owner === b.owner || !crosses(a, b)) continue;
        const line = `overlap: "${a.owner.text.slice(0, 40)}" and "${b.owner.text.slice(0, 40)}"`;
        if (!reported.has(line)) problems.push(line);
        reported.add(line);
      }
    }

    // Overflow: the outermost elements past the viewport's sides, outside any sideways scroll container.
    for (const element of doc.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left >= -1 && box.right <= viewport + 1) continue;
      // Kept off the screen on purpose until it has the focus (the skip link).
      if ((box.right <= 0 || box.left >= viewport) && ['absolute', 'fixed'].includes(style(element).position)) continue;
      let contained = false;
      for (let up = element.parentElement; up && !contained; up = up.parentElement) {
        const s = style(up);
        if (scrolls(s.overflowX) || clips(s.overflowX)) contained = up !== doc.body && up !== doc.documentElement;
      }
      if (contained) continue;
      const parent = element.parentElement?.getBoundingClientRect();
      if (parent && (parent.left < -1 || parent.right > viewport + 1)) continue; // its parent is reported
      problems.push(`overflow: ${name(element)} spans ${Math.round(box.left)}–${Math.round(box.right)} px of a ${viewport} px viewport`);
    }
    return problems;
  });
}

/**
 * Boxes that hide part of their content to the side (it has to be scrolled sideways to be seen): on
 * a phone the map, a table's score column or a list's last columns would be out of sight. Code and
 * JSON (<pre>, the admin's diff) scroll by nature and are left out. Answers one line per box.
 */
export async function hiddenSideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const doc: any = (globalThis as any).document;
    const win: any = globalThis;
    const found: string[] = [];
    for (const element of doc.body.querySelectorAll('*')) {
      if (element.closest('pre, .diff, .json')) continue;
      const overflowX = win.getComputedStyle(element).overflowX;
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
      if (element.scrollWidth <= element.clientWidth + 1 || element.clientWidth === 0) continue;
      const label = element.getAttribute('aria-label') ?? element.getAttribute('data-testid') ?? element.getAttribute('class') ?? '';
      found.push(`<${String(element.tagName).toLowerCase()} "${label}"> shows ${element.clientWidth} of ${element.scrollWidth} px`);
    }
    return found;
  });
}
