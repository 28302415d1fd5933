import type { ComponentChildren } from 'preact';

const MARK = '\u0000link\u0000';

/**
 * A sentence of the catalog with a link inside it ("{link} to come back to this page."): the
 * sentence is one message with a `{link}` argument, the link's words another; the link is put where
 * the language places it.
 */
export function Linked({ sentence, link }: { sentence: (link: string) => string; link: ComponentChildren }) {
  const [before = '', after = ''] = sentence(MARK).split(MARK);
  return <>{before}{link}{after}</>;
}
