/**
 * The biodata as the Ministry of Manpower's standard form, parts A to D, for @react-pdf. The
 * medical history and date of birth appear only when given (a family's, the owner's and
 * operators' copy), the private details likewise (the owner's and operators' copy).
 */
import { Document, Image, Page, View } from "@react-pdf/renderer";
import type { ReactNode } from "react";
import { evaluationLabel, illnesses, interviewModes, skillGroupLabels } from "../../../shared/biodata-catalogue";
import { availabilityText, monthText, skillRows, yearsText, yesNoText } from "../../../shared/biodata-format";
import type { BiodataGated, BiodataPrivate } from "../../../shared/biodata-types";
import { labelOf } from "../../../shared/catalogue-labels";
import { display, formatBirthDate, formatOffDaysShort } from "../../../shared/format";
import type { HelperRecord } from "../../../shared/helper-types";
import { notesBlocks, type NoteBlock } from "./notes-blocks";
import { Text } from "./pdf-text";
import { styles } from "./pdf-styles";

export interface BiodataPdfInput {
  helper: HelperRecord;
  /** The medical history and date of birth, or null for the public copy (age only). */
  gated: BiodataGated | null;
  privateDetails: BiodataPrivate | null;
  /** Its name, and its licence as families are told of it ("Overseas supplier", "Licence not yet checked…"). */
  supplier: { name: string; licence: string };
  /** A JPEG of the photo, or null. */
  photo: Buffer | null;
  generatedOn: string;
}

function Rows({ rows }: { rows: [string, ReactNode, boolean?][] }) {
  return (
    <View style={styles.table}>
      {rows.map(([label, value, isPrivate]) => (
        <View key={label} style={styles.row} wrap={false}>
          <Text style={[styles.cell, styles.label]}>{label}</Text>
          <Text style={[styles.cell, styles.value, ...(isPrivate ? [styles.private] : [])]}>{value}</Text>
        </View>
      ))}
    </View>
  );
}

function Table({ widths, head, rows }: { widths: string[]; head: string[]; rows: string[][] }) {
  return (
    <View style={styles.headedTable}>
      {/* Room asked below the head row too: a table whose first row does not fit moves whole, heading and all. */}
      <View style={styles.row} wrap={false} fixed minPresenceAhead={1}>
        {head.map((title, i) => (
          <Text key={title} style={[styles.cell, styles.headCell, { width: widths[i] }]}>
            {title}
          </Text>
        ))}
      </View>
      {rows.map((cells, r) => (
        <View key={r} style={styles.row} wrap={false}>
          {cells.map((cell, i) => (
            <Text key={i} style={[styles.cell, { width: widths[i] }]}>
              {cell}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

/**
 * Room a heading asks for below it: with less left on the page it moves to the next one, so a
 * heading never ends a page (about three rows of a table or lines of text). The pagination
 * keeps that room only among blocks it may break between, so each part returns its headings and
 * blocks as the page's own children (a fragment, not a wrapping View).
 */
const KEEP_WITH_NEXT = 48;

function Part({ children }: { children: string }) {
  return (
    <Text style={styles.part} minPresenceAhead={KEEP_WITH_NEXT}>
      {children}
    </Text>
  );
}

function Section({ children }: { children: string }) {
  return (
    <Text style={styles.section} minPresenceAhead={KEEP_WITH_NEXT}>
      {children}
    </Text>
  );
}

const box = (ticked: boolean) => (ticked ? "[X]" : "[  ]");

/** A2's medical rows, or (the public copy) one line on who may read them. */
function medicalRows(gated: BiodataGated | null): [string, string][] {
  if (!gated) return [["Medical history", "Given to families who leave their name and number on the site"]];
  const named = illnesses
    .filter((illness) => gated.illnesses.includes(illness.slug))
    .map((illness) => (illness.slug === "other" ? `Yes: ${display(gated.illnessOther)}` : illness.label));
  return [
    ["Allergies", display(gated.allergies)],
    ["Past and existing illnesses", named.join(", ") || "None"],
    ["Physical disabilities", display(gated.disabilities)],
  ];
}

function PartA({ helper, gated, privateDetails }: Pick<BiodataPdfInput, "helper" | "gated" | "privateDetails">) {
  const personal: [string, string, boolean?][] = [
    ["Name", helper.name],
    gated
      ? ["Date of birth", `${display(formatBirthDate(gated.dateOfBirth))}${helper.age ? `  (age ${helper.age})` : ""}`]
      : ["Age", display(helper.age)],
    ["Place of birth", display(helper.placeOfBirth)],
    ["Height / weight", `${helper.heightCm ? `${helper.heightCm} cm` : "—"} / ${helper.weightKg ? `${helper.weightKg} kg` : "—"}`],
    ["Nationality", display(labelOf("nationality", helper.nationality))],
  ];
  if (privateDetails) {
    personal.push(
      ["Residential address in home country", display(privateDetails.homeAddress), true],
      ["Port / airport to be repatriated to", display(privateDetails.repatriationPort), true],
      ["Contact number in home country", display(privateDetails.homePhone), true],
      ["Passport number", display(privateDetails.passportNumber), true],
    );
  }
  personal.push(
    ["Religion", display(labelOf("religion", helper.religion))],
    ["Education level", display(labelOf("education", helper.education))],
    ["Number of siblings", display(helper.siblings)],
    ["Marital status", display(labelOf("marital", helper.marital))],
    ["Children's ages", display(helper.childrenAges)],
  );
  return (
    <>
      <Part>A. PROFILE OF FDW</Part>
      <Section>A1 Personal information</Section>
      <Rows rows={personal} />
      <Section>A2 Medical history and dietary restrictions</Section>
      <Rows
        rows={[
          ...medicalRows(gated),
          ["Dietary restrictions", display(helper.dietaryRestrictions)],
          ["Willing to handle pork", yesNoText(helper.handlesPork)],
          ["Willing to handle beef", yesNoText(helper.handlesBeef)],
          ["Other food handling", display(helper.foodHandlingOther)],
        ]}
      />
      <Section>A3 Others</Section>
      <Rows
        rows={[
          ["Preferred rest days a month", display(helper.restDays)],
          ["Other remarks", display(helper.otherRemarks)],
        ]}
      />
    </>
  );
}

function PartB({ helper }: { helper: HelperRecord }) {
  const evaluation = helper.skillsEvaluation
    ? helper.skillsEvaluation === "other"
      ? `Other: ${display(helper.skillsEvaluationOther)}`
      : evaluationLabel(helper.skillsEvaluation)
    : "—";
  const rows = skillRows(helper.skills).map(({ area, entry }) => [
    `${area.group === "language" ? `${skillGroupLabels.language}: ` : ""}${area.label}${entry.detail ? ` (${entry.detail})` : ""}`,
    yesNoText(entry.willing),
    entry.experienced ? `Yes, ${yearsText(entry.years)}` : "No",
    entry.rating === null ? "N.A." : `${entry.rating} of 5`,
    display(entry.note),
  ]);
  return (
    <>
      <Part>B. SKILLS OF FDW</Part>
      <Rows rows={[["Method of evaluation", evaluation]]} />
      <View style={{ height: 4 }} />
      {rows.length > 0 ? (
        <Table
          widths={["34%", "11%", "15%", "12%", "28%"]}
          head={["Area of work", "Willing", "Experience", "Rating", "Observation"]}
          rows={rows}
        />
      ) : (
        <Text style={styles.muted}>No skills recorded.</Text>
      )}
    </>
  );
}

function PartC({ helper }: { helper: HelperRecord }) {
  const rows = helper.employment.map((job) => [
    `${monthText(job.from)} – ${monthText(job.to)}`,
    job.country,
    display(job.employer),
    display(job.duties),
    display(job.remarks),
  ]);
  const feedback = helper.employment
    .filter((job) => job.feedback)
    .map((job) => [`${display(job.employer)} (${job.country})`, job.feedback!]);
  return (
    <>
      <Part>C. EMPLOYMENT HISTORY OF THE FDW</Part>
      <Section>C1 Employment history overseas and in Singapore</Section>
      {rows.length > 0 ? (
        <Table widths={["18%", "14%", "18%", "30%", "20%"]} head={["Date", "Country", "Employer", "Work duties", "Remarks"]} rows={rows} />
      ) : (
        <Text style={styles.muted}>No previous employment.</Text>
      )}
      <Section>C2 Employment in Singapore</Section>
      <Rows rows={[["Previous working experience in Singapore", yesNoText(helper.workedInSingapore)]]} />
      <Section>C3 Feedback from previous employers</Section>
      {feedback.length > 0 ? (
        <Table widths={["35%", "65%"]} head={["Employer", "Feedback"]} rows={feedback} />
      ) : (
        <Text style={styles.muted}>None given.</Text>
      )}
    </>
  );
}

function PartD({ helper }: { helper: HelperRecord }) {
  const none = helper.interview.length === 0;
  return (
    <View wrap={false}>
      <Part>D. AVAILABILITY OF FDW TO BE INTERVIEWED BY PROSPECTIVE EMPLOYER</Part>
      <Rows
        rows={[
          ["Availability", availabilityText(helper.availableFrom)],
          [
            "Interview",
            [
              `${box(none)} Not available for interview`,
              ...interviewModes.map((mode) => `${box(helper.interview.includes(mode.slug))} ${mode.label}`),
            ].join("    "),
          ],
        ]}
      />
    </View>
  );
}

function NoteText({ block }: { block: NoteBlock }) {
  return (
    <Text style={block.kind === "item" ? styles.noteItemText : [styles.noteParagraph, { marginLeft: block.indent * 12 }]}>
      {block.runs.map((run, i) => (
        <Text
          key={i}
          // Bold wins over italic: the PDF's font has no bold italic.
          style={{
            ...(run.bold ? { fontWeight: 700 } : run.italic ? { fontStyle: "italic" as const } : {}),
            ...(run.underline ? { textDecoration: "underline" as const } : {}),
          }}
        >
          {run.text}
        </Text>
      ))}
    </Text>
  );
}

/** The supplier's special notes, as text: headings, paragraphs and lists (notes-blocks.ts). */
function SpecialNotes({ html }: { html: string }) {
  const { blocks, pictures } = notesBlocks(html);
  if (blocks.length === 0 && pictures === 0) return null;
  return (
    <>
      <Part>SPECIAL NOTES</Part>
      {blocks.map((block, i) =>
        block.kind === "heading" ? (
          <Text key={i} style={styles.section} minPresenceAhead={KEEP_WITH_NEXT}>
            {block.runs.map((run) => run.text).join("")}
          </Text>
        ) : block.kind === "item" ? (
          <View key={i} style={[styles.noteItem, { marginLeft: 10 + block.indent * 12 }]} wrap={false}>
            <Text style={styles.noteMarker}>{block.marker}</Text>
            <NoteText block={block} />
          </View>
        ) : (
          <NoteText key={i} block={block} />
        ),
      )}
      {pictures > 0 ? (
        <Text style={[styles.noteParagraph, styles.muted]}>
          {pictures === 1 ? "The notes' picture is" : `The notes' ${pictures} pictures are`} on the biodata's page on the site.
        </Text>
      ) : null}
    </>
  );
}

/**
 * `fontFamily`: the fonts the texts need, Noto Sans first (pdf-fonts.ts); every text of the page
 * takes each character from the first of them that has it.
 */
export function BiodataDocument({
  helper,
  gated,
  privateDetails,
  supplier,
  photo,
  generatedOn,
  fontFamily,
}: BiodataPdfInput & { fontFamily?: string[] }) {
  return (
    <Document
      title={`Biodata of ${helper.name} (${helper.ref})`}
      author={supplier.name}
      subject="Biodata of foreign domestic worker"
      creator="Direct Helpers"
    >
      <Page
        size="A4"
        style={fontFamily ? [styles.page, { fontFamily }] : styles.page}
        // The library's newer pagination: each part is measured once and packed into pages (the
        // older engine laid the rest of the document out again at every page break). The page
        // numbers read the page count, which packs the measured parts a second time (decision 109).
        experimentalPagination
      >
        <Text fixed style={styles.pageNumber} render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        <Text fixed style={styles.running}>
          Biodata of {helper.name} · {helper.ref} · {supplier.name}
        </Text>
        <View style={styles.header}>
          <View style={styles.headerText}>
            <Text style={styles.title}>BIODATA OF FOREIGN DOMESTIC WORKER (FDW)</Text>
            <Text style={styles.subtitle}>
              {supplier.name} · {supplier.licence}
            </Text>
            <Text style={styles.subtitle}>
              Reference {helper.ref} · generated {generatedOn}
            </Text>
            <Text style={styles.subtitle}>
              Salary ${helper.salary} a month · {formatOffDaysShort(helper.offDays)} · {availabilityText(helper.availableFrom)}
            </Text>
            {privateDetails ? (
              <Text style={[styles.subtitle, styles.private]}>Supplier's copy: contains private details, do not share.</Text>
            ) : null}
          </View>
          {photo ? (
            <Image style={styles.photo} src={{ data: photo, format: "jpg" }} />
          ) : (
            <View style={styles.photoBox}>
              <Text style={styles.muted}>No photo</Text>
            </View>
          )}
        </View>
        <PartA helper={helper} gated={gated} privateDetails={privateDetails} />
        <PartB helper={helper} />
        <PartC helper={helper} />
        <PartD helper={helper} />
        <SpecialNotes html={helper.specialNotes} />
      </Page>
    </Document>
  );
}
