/** The words a reader meets on a server-rendered page, for the tests that look for a language left in it. */

/** What a reader meets on a page: text, title and description, labels, placeholders, alternative texts. */
export function readableText(html: string): string {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? "";
  const title = /<title>([\s\S]*?)<\/title>/.exec(head)?.[1] ?? "";
  const description = /<meta name="description" content="([^"]*)"/.exec(head)?.[1] ?? "";
  const body = (/<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? html)
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<template[\s\S]*?<\/template>/g, " ");
  const attributes = [...body.matchAll(/\s(?:aria-label|placeholder|alt|title)="([^"]*)"/g)].map((match) => match[1]);
  const text = body.replace(/<[^>]+>/g, " ");
  return decode([title, description, ...attributes, text].join(" \n "));
}

function decode(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}
