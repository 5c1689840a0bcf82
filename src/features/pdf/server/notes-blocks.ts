/**
 * The special notes as the PDF prints them: the stored notes are HTML the server already
 * sanitised (sanitize-notes.ts: headings, paragraphs, bold/italic/underline, bullet and numbered
 * lists with indents, links, pictures), read here into blocks of text. Pictures are left out
 * (the PDF says how many, the biodata page shows them); a link prints its text, and its address
 * when the text is not the address.
 */

export interface NoteRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
}

export interface NoteBlock {
  kind: "heading" | "paragraph" | "item";
  runs: NoteRun[];
  /** List items: "•" or "1.", "2.", … */
  marker?: string;
  /** 0 for the outer level, 1… for the editor's indents. */
  indent: number;
}

export interface Notes {
  blocks: NoteBlock[];
  pictures: number;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const attribute = (attributes: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];

const indentOf = (attributes: string) => Number(/\bql-indent-(\d)\b/.exec(attributes)?.[1] ?? 0);

/** The notes' blocks in order; runs of white space become one space, as a browser shows them. */
export function notesBlocks(html: string): Notes {
  const blocks: NoteBlock[] = [];
  let pictures = 0;
  let block: NoteBlock | undefined;
  const style = { bold: 0, italic: 0, underline: 0 };
  let link: string | undefined;
  let linkText = "";
  // Open lists: their kind and, per indent, the number of the next item.
  const lists: { ordered: boolean; counters: number[] }[] = [];

  const open = (kind: NoteBlock["kind"], indent = 0, marker?: string) => {
    close();
    block = { kind, runs: [], indent, ...(marker ? { marker } : {}) };
  };
  const close = () => {
    if (!block) return;
    const text = block.runs.map((run) => run.text).join("");
    if (text.trim()) {
      block.runs[0]!.text = block.runs[0]!.text.trimStart();
      block.runs.at(-1)!.text = block.runs.at(-1)!.text.trimEnd();
      blocks.push(block);
    }
    block = undefined;
  };
  const write = (text: string) => {
    if (!text) return;
    if (!block) open("paragraph");
    if (link !== undefined) linkText += text;
    const run: NoteRun = { text };
    if (style.bold) run.bold = true;
    if (style.italic) run.italic = true;
    if (style.underline) run.underline = true;
    const last = block!.runs.at(-1);
    if (last && last.bold === run.bold && last.italic === run.italic && last.underline === run.underline) last.text += text;
    else block!.runs.push(run);
  };

  for (const [, text, closing, tag, attributes = ""] of html.matchAll(/([^<]+)|<(\/?)([a-z0-9]+)([^>]*)>/gi)) {
    if (text !== undefined) {
      write(decode(text).replace(/\s+/g, " "));
      continue;
    }
    const name = tag!.toLowerCase();
    const ending = closing === "/";
    switch (name) {
      case "h1":
      case "h2":
      case "p":
        if (ending) close();
        else open(name === "p" ? "paragraph" : "heading", indentOf(attributes));
        break;
      case "br":
        write("\n");
        break;
      case "strong":
      case "b":
        style.bold = Math.max(0, style.bold + (ending ? -1 : 1));
        break;
      case "em":
      case "i":
        style.italic = Math.max(0, style.italic + (ending ? -1 : 1));
        break;
      case "u":
        style.underline = Math.max(0, style.underline + (ending ? -1 : 1));
        break;
      case "ol":
      case "ul":
        close();
        if (ending) lists.pop();
        else lists.push({ ordered: name === "ol", counters: [] });
        break;
      case "li": {
        if (ending) {
          close();
          break;
        }
        const list = lists.at(-1) ?? { ordered: false, counters: [] };
        const indent = indentOf(attributes) + Math.max(0, lists.length - 1);
        const kind = attribute(attributes, "data-list");
        const ordered = kind ? kind === "ordered" : list.ordered;
        // A deeper item starts its own count; going back up keeps the outer one's.
        list.counters.length = indent + 1;
        const number = (list.counters[indent] ?? 0) + 1;
        list.counters[indent] = number;
        open("item", indent, ordered ? `${number}.` : "•");
        break;
      }
      case "a":
        if (ending) {
          const href = link;
          link = undefined;
          if (href && !linkText.includes(href.replace(/^(mailto|tel):/, ""))) write(` (${href})`);
        } else {
          link = decode(attribute(attributes, "href") ?? "");
          linkText = "";
        }
        break;
      case "img":
        pictures += 1;
        break;
    }
  }
  close();
  return { blocks, pictures };
}
