/**
 * The fonts of the site's own Chinese words (decision 125) start downloading with the page on a
 * device that has no Chinese font of its own, and only there.
 *
 * A phone has one (PingFang SC, Noto Sans CJK SC, Microsoft YaHei…): the faces' `local()` sources
 * pick it and nothing is downloaded. A device without one draws Chinese as empty boxes narrower
 * than the letters until the served faces arrive; found when the page is first laid out, they
 * came a moment after its first paint, and the text below every wrapped line jumped. A small
 * script in the head, just before the words' stylesheet, asks the browser, before anything is
 * laid out, how wide it draws 中 in its own fonts: a Chinese font draws it a full square, a box is narrower. Only
 * then does it preload the two files, so they are there for the first paint.
 */
import { CHINESE_WORDS_FONT_FILES, CHINESE_WORDS_FONTS_HREF } from "virtual:page-fonts";

const SIZE = 40;

function check(files: string[]): string {
  return `(function(){try{var c=document.createElement("canvas").getContext("2d");c.font="${SIZE}px sans-serif";
if(Math.abs(c.measureText("\\u4e2d").width-${SIZE})<1)return;
${JSON.stringify(files)}.forEach(function(href){var l=document.createElement("link");l.rel="preload";l.as="font";l.type="font/woff2";l.crossOrigin="anonymous";l.href=href;document.head.appendChild(l)})}catch(e){}})();`.replaceAll(
    "\n",
    "",
  );
}

const SCRIPT = check(CHINESE_WORDS_FONT_FILES);
const LINK = new RegExp(`<link [^>]*href="${CHINESE_WORDS_FONTS_HREF.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`);

/** The page with the check before the link of the Chinese words' stylesheet; a page without that link is left as it is. */
export function preloadChineseWordsFonts(html: string, nonce: string | undefined): string {
  const link = LINK.exec(html);
  if (!link) return html;
  const nonceAttribute = nonce === undefined ? "" : ` nonce="${nonce}"`;
  return `${html.slice(0, link.index)}<script${nonceAttribute}>${SCRIPT}</script>${html.slice(link.index)}`;
}
