/**
 * Special notes are written in the rich-text editor and shown to every visitor as HTML, so the
 * server keeps exactly what the editor's toolbar can make and nothing else: headings 1-2,
 * paragraphs, bold/italic/underline, ordered and bullet lists with their indents, links to
 * http/https/mailto/tel, and pictures from this site's own media or inline PNG/JPEG/GIF/WebP
 * data. A picture on another host would tell its owner who reads the biodata and when, so it is
 * dropped; the CSP's img-src says the same to the browser.
 */
import sanitizeHtml from "sanitize-html";
import { MEDIA_PREFIX } from "../../../shared/media";
import { plainText } from "../../../shared/plain-text";

const INDENT_CLASSES = Array.from({ length: 8 }, (_, i) => `ql-indent-${i + 1}`);
const LINK_SCHEMES = /^(https?:|mailto:|tel:)/i;
const IMAGE_DATA = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/]+=*$/i;
/** A stored picture's path: a key's full-size image or its thumbnail, nothing else under /media/. */
const OWN_MEDIA_PATH = new RegExp(`^${MEDIA_PREFIX}(?:helpers|avatars)/[A-Za-z0-9_-]{8,64}\\.webp$`);

/**
 * A URL as a browser would read it: tabs and newlines anywhere are ignored, as are control
 * characters and spaces at the ends, so "java\tscript:" is caught as what it is.
 */
function canonicalUrl(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export function safeLinkHref(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const url = canonicalUrl(value);
  if (!LINK_SCHEMES.test(url)) return undefined;
  if (/^https?:/i.test(url) && !isWebUrl(url)) return undefined;
  return url;
}

/**
 * The picture's address as stored: the path of one of this site's media files. The editor writes
 * the full address it was on (http://host/media/…); only the path is kept, so whatever host was
 * written, the browser asks this site for it.
 */
export function safeImageSrc(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const url = canonicalUrl(value);
  if (/^data:/i.test(url)) {
    const compact = url.replace(/\s+/g, "");
    return IMAGE_DATA.test(compact) ? compact : undefined;
  }
  if (url.startsWith("//")) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url, "http://this-site.invalid");
  } catch {
    return undefined;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return undefined;
  if (parsed.search !== "" || parsed.hash !== "" || parsed.username !== "" || parsed.password !== "") return undefined;
  return OWN_MEDIA_PATH.test(parsed.pathname) ? parsed.pathname : undefined;
}

const options: sanitizeHtml.IOptions = {
  allowedTags: ["h1", "h2", "p", "br", "strong", "b", "em", "i", "u", "ol", "ul", "li", "a", "img"],
  allowedAttributes: {
    a: ["href", "rel", "target"],
    img: ["src"],
    // Quill 2 writes every list as <ol> and tells bullets apart by data-list.
    li: ["data-list", "class"],
    p: ["class"],
    h1: ["class"],
    h2: ["class"],
  },
  allowedClasses: { p: INDENT_CLASSES, h1: INDENT_CLASSES, h2: INDENT_CLASSES, li: INDENT_CLASSES },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  // Relative addresses (this site's /media/) are what pictures are stored as.
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // The text between the tags goes through the sanitiser every plain text does (direction overrides out).
  textFilter: (text) => plainText(text),
  // Their text is code or markup, not words meant for the reader.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "svg",
    "math",
    "template",
    "title",
    "xmp",
    "object",
    "noembed",
    "noframes",
  ],
  transformTags: {
    li: (tagName, attribs) => {
      const { "data-list": list, ...rest } = attribs;
      return { tagName, attribs: list === "ordered" || list === "bullet" ? { ...rest, "data-list": list } : rest };
    },
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = safeLinkHref(attribs.href);
      return { tagName, attribs: href ? { href, rel: "noopener noreferrer nofollow", target: "_blank" } : {} };
    },
    img: (tagName, attribs): sanitizeHtml.Tag => {
      const src = safeImageSrc(attribs.src);
      return { tagName, attribs: src ? { src } : {} };
    },
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

export function sanitizeNotes(html: string): string {
  const clean = sanitizeHtml(html, options).trim();
  // An editor left empty still holds "<p><br></p>": store that as no notes at all.
  return /^(<p>(<br \/>|<br>|\s)*<\/p>\s*)*$/.test(clean) ? "" : clean;
}
