import { Fragment, type ReactNode } from "react";

const MARK = "\u0000";

/** The stand-in for an element inside a message: `m.key({ link: slot("link") })`. */
export const slot = (name: string) => `${MARK}${name}${MARK}`;

/**
 * A message whose placeholders are elements (a link, words in bold): the message is written
 * whole in each language, placing them where that language puts them, and each stand-in
 * (`slot`) becomes its element here.
 */
export function RichMessage({ text, parts }: { text: string; parts: Record<string, ReactNode> }) {
  return <>{text.split(MARK).map((piece, i) => (i % 2 === 1 ? <Fragment key={i}>{parts[piece]}</Fragment> : piece))}</>;
}
