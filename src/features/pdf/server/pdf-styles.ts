import { StyleSheet } from "@react-pdf/renderer";
import { bodyFont } from "./pdf-fonts";

/**
 * The font's substitutions that would break the text a reader copies out or searches: ccmp draws
 * "ị" as "i" and a separate dot, ligatures make "fi" one glyph. Kerning and accent placement stay.
 */
export const plainText = { ccmp: false, liga: false, clig: false, calt: false, rclt: false, frac: false, numr: false, dnom: false };

/** A4 in points, laid out like the printed standard form: ruled tables, small type. */
export const styles = StyleSheet.create({
  page: {
    paddingTop: 32,
    paddingBottom: 32,
    paddingHorizontal: 36,
    fontFamily: bodyFont,
    fontFeatureSettings: plainText,
    fontSize: 8.5,
    color: "#111",
  },
  header: { flexDirection: "row", justifyContent: "space-between", marginBottom: 8 },
  headerText: { flexGrow: 1, flexShrink: 1, paddingRight: 12 },
  title: { fontWeight: 700, fontSize: 13, marginBottom: 3 },
  subtitle: { fontSize: 8, color: "#444", marginBottom: 1.5 },
  photo: { width: 84, height: 108, objectFit: "cover", border: "1pt solid #333" },
  photoBox: { width: 84, height: 108, border: "1pt solid #333", justifyContent: "center", alignItems: "center" },
  part: { fontWeight: 700, fontSize: 10, backgroundColor: "#1f3b57", color: "#fff", padding: 3, marginTop: 8 },
  section: { fontWeight: 700, fontSize: 9, marginTop: 5, marginBottom: 2 },
  table: { borderTop: "0.5pt solid #555", borderLeft: "0.5pt solid #555" },
  /** A table whose head row repeats at the top of every page it runs onto, with its own top rule. */
  headedTable: { borderLeft: "0.5pt solid #555" },
  row: { flexDirection: "row" },
  cell: { borderRight: "0.5pt solid #555", borderBottom: "0.5pt solid #555", padding: 2.5 },
  label: { backgroundColor: "#eef2f6", width: "38%" },
  value: { width: "62%" },
  headCell: { fontWeight: 700, backgroundColor: "#eef2f6", borderTop: "0.5pt solid #555" },
  muted: { color: "#555" },
  private: { fontStyle: "italic", color: "#7a2e00" },
  noteParagraph: { marginBottom: 3, lineHeight: 1.35 },
  noteItem: { flexDirection: "row", marginBottom: 2 },
  noteMarker: { width: 12 },
  noteItemText: { flexGrow: 1, flexShrink: 1, lineHeight: 1.35 },
  /** "Page 1 of 3" at the foot of every page. */
  pageNumber: { position: "absolute", bottom: 14, left: 36, right: 36, textAlign: "right", fontSize: 7, color: "#555" },
  /** The line that heads every page, so a printed page tells whose biodata it belongs to. */
  running: { fontSize: 7, color: "#555", borderBottom: "0.5pt solid #999", paddingBottom: 2, marginBottom: 6 },
});
