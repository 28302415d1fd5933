import type { ComponentChildren } from 'preact';

const MARK = '\u0001';

/**
 * One sentence with a link inside it, translated whole: the message holds `{link}` where the link
 * goes (its words are a message of their own), so each language puts the link where its grammar
 * wants it ("Log in to join." / "Melde dich an, um mitzuspielen.").
 */
export function LinkedSentence({ message, href, children }: { message(link: string): string; href: string; children: ComponentChildren }) {
  const [before, after = ''] = message(MARK).split(MARK);
  return (
    <>
      {before}
      <a href={href}>{children}</a>
      {after}
    </>
  );
}
