/**
 * A message as text: never HTML (React escapes it), line breaks kept by the style, and web
 * addresses shown as links that tell search engines nothing and give the other site no opener.
 */
const ADDRESS = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]]/gi;

export function MessageText({ text }: { text: string }) {
  const parts: (string | { href: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ href: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <p className="message-text">
      {parts.map((part, index) =>
        typeof part === "string" ? (
          part
        ) : (
          <a key={index} href={part.href} target="_blank" rel="nofollow noopener noreferrer ugc">
            {part.href}
          </a>
        ),
      )}
    </p>
  );
}
