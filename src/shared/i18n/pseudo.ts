/**
 * The pseudo-locale: every English message with its letters accented and about 40% longer, its
 * arguments and ICU syntax untouched ("Your turn" → "[Ŷöûŕ ţûŕñ ~~~~]"). A page shown in it shows at a
 * glance (and to a test) every word that did not come from the catalog: it is the only unaccented
 * text. The brackets show where a message was cut off.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const ACCENTED: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ', n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ', N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

export const accent = (text: string): string => text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter);

/** Letters of a message's own text (not its arguments), for the 40% padding. */
function letters(elements: readonly MessageFormatElement[]): number {
  let count = 0;
  for (const element of elements) {
    if (element.type === TYPE.literal) count += element.value.replace(/[^A-Za-z]/g, '').length;
    else if (element.type === TYPE.plural || element.type === TYPE.select) count += Math.max(0, ...Object.values(element.options).map((option) => letters(option.value)));
  }
  return count;
}

function accentElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accent(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      return { ...element, options: Object.fromEntries(Object.entries(element.options).map(([key, option]) => [key, { ...option, value: accentElements(option.value) }])) } as MessageFormatElement;
    }
    return element;
  });
}

/** The pseudo-locale's message for an English one, as a parsed message (what IntlMessageFormat takes). */
export function pseudoMessage(english: string): MessageFormatElement[] {
  const elements = parse(english, { ignoreTag: true });
  const padding = Math.ceil(letters(elements) * 0.4);
  if (letters(elements) === 0) return elements;
  return [{ type: TYPE.literal, value: '[' }, ...accentElements(elements), { type: TYPE.literal, value: ` ${'~'.repeat(Math.max(1, padding))}]` }];
}
