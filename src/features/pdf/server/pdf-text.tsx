/**
 * The document's Text: react-pdf's, with each Chinese or Burmese piece of its strings set in its
 * own font first (script-fonts.ts). The renderer does take a missing letter from the next font of
 * the family list, but when such a run goes on into the next piece of a text (a word in italics,
 * a name put into a sentence), the later piece keeps the first font of the list and prints
 * empty boxes; a piece whose own list starts with its script's font prints right wherever the
 * run is cut.
 */
import { Text as PdfText, type TextProps } from "@react-pdf/renderer";
import { Children, type ReactNode } from "react";
import { bodyFont } from "./pdf-fonts";
import { scriptPieces } from "./script-fonts";

function pieces(child: ReactNode): ReactNode {
  if (typeof child !== "string") return child;
  const parts = scriptPieces(child);
  if (parts.length === 1 && !parts[0]!.family) return child;
  return parts.map((part, i) =>
    part.family ? (
      <PdfText key={i} style={{ fontFamily: [part.family, bodyFont] }}>
        {part.text}
      </PdfText>
    ) : (
      part.text
    ),
  );
}

export function Text({ children, ...props }: TextProps & { children?: ReactNode }) {
  return <PdfText {...props}>{children === undefined ? undefined : Children.map(children as ReactNode, pieces)}</PdfText>;
}
