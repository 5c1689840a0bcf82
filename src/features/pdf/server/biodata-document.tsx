/**
 * The biodata as the Ministry of Manpower's standard form, parts A to D, for @react-pdf. The
 * medical history and date of birth appear only when given (a family's, the owner's and
 * operators' copy), the private details likewise (the owner's and operators' copy).
 */
import { Document, Image, Page, View } from "@react-pdf/renderer";
import type { ReactNode } from "react";
import {
  evaluationLabel,
  illnesses,
  illnessLabel,
  interviewLabel,
  interviewModes,
  skillAreaLabel,
  skillGroupLabel,
} from "../../../shared/biodata-catalogue";
import { availabilityText, monthText, skillRows, yearsText, yesNoText } from "../../../shared/biodata-format";
import type { BiodataGated, BiodataPrivate } from "../../../shared/biodata-types";
import { labelOf, spokenLanguages } from "../../../shared/catalogue-labels";
import { display, formatBirthDate, formatOffDaysShort, listText } from "../../../shared/format";
import type { HelperRecord } from "../../../shared/helper-types";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { HTML_LANG, type FamilyLocale } from "../../../shared/i18n/locales";
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
  /** The day it is made, as the document's language writes it. */
  generatedOn: string;
  /** The language of its labels and headings (what the supplier typed stays as typed). */
  locale: FamilyLocale;
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
  if (!gated) return [[m.pdf_medical_history(), m.pdf_medical_gated()]];
  const named = illnesses
    .filter((illness) => gated.illnesses.includes(illness.slug))
    .map((illness) => (illness.slug === "other" ? m.pdf_yes_value({ value: display(gated.illnessOther) }) : illnessLabel(illness.slug)));
  return [
    [m.pdf_allergies(), display(gated.allergies)],
    [m.pdf_illnesses(), named.join(", ") || m.pdf_none()],
    [m.pdf_disabilities(), display(gated.disabilities)],
  ];
}

function PartA({ helper, gated, privateDetails }: Pick<BiodataPdfInput, "helper" | "gated" | "privateDetails">) {
  const personal: [string, string, boolean?][] = [
    [m.pdf_name(), helper.name],
    gated
      ? [
          m.pdf_date_of_birth(),
          `${display(formatBirthDate(gated.dateOfBirth))}${helper.age ? `  ${m.pdf_age_in_brackets({ age: helper.age })}` : ""}`,
        ]
      : [m.pdf_age(), display(helper.age)],
    [m.pdf_place_of_birth(), display(helper.placeOfBirth)],
    [m.pdf_height_weight(), `${helper.heightCm ? `${helper.heightCm} cm` : "—"} / ${helper.weightKg ? `${helper.weightKg} kg` : "—"}`],
    [m.pdf_nationality(), display(labelOf("nationality", helper.nationality))],
  ];
  if (privateDetails) {
    personal.push(
      [m.pdf_home_address(), display(privateDetails.homeAddress), true],
      [m.pdf_repatriation_port(), display(privateDetails.repatriationPort), true],
      [m.pdf_home_phone(), display(privateDetails.homePhone), true],
    );
  }
  personal.push(
    [m.pdf_religion(), display(labelOf("religion", helper.religion))],
    [m.pdf_education(), display(labelOf("education", helper.education))],
    // Her languages, each with her level when stated (decision 134).
    [m.pdf_mother_tongue(), display(labelOf("motherTongue", helper.motherTongue))],
    [m.pdf_english(), display(labelOf("english", helper.english))],
    [
      m.pdf_other_languages(),
      display(
        listText(
          spokenLanguages(
            helper.otherLanguages.filter((l) => l !== "english"),
            helper.languageLevels,
          ),
        ),
      ),
    ],
    [m.pdf_siblings(), display(helper.siblings)],
    [m.pdf_marital(), display(labelOf("marital", helper.marital))],
    [m.pdf_children(), display(helper.childrenAges)],
  );
  return (
    <>
      <Part>{m.pdf_part_a()}</Part>
      <Section>{m.pdf_section_a1()}</Section>
      <Rows rows={personal} />
      <Section>{m.pdf_section_a2()}</Section>
      <Rows
        rows={[
          ...medicalRows(gated),
          [m.pdf_dietary(), display(helper.dietaryRestrictions)],
          [m.pdf_pork(), yesNoText(helper.handlesPork)],
          [m.pdf_beef(), yesNoText(helper.handlesBeef)],
          [m.pdf_food_other(), display(helper.foodHandlingOther)],
        ]}
      />
      <Section>{m.pdf_section_a3()}</Section>
      <Rows
        rows={[
          [m.pdf_rest_days(), display(helper.offDays)],
          [m.pdf_other_remarks(), display(helper.otherRemarks)],
        ]}
      />
    </>
  );
}

function PartB({ helper }: { helper: HelperRecord }) {
  const evaluation = helper.skillsEvaluation
    ? helper.skillsEvaluation === "other"
      ? m.pdf_other_value({ value: display(helper.skillsEvaluationOther) })
      : evaluationLabel(helper.skillsEvaluation)
    : "—";
  const rows = skillRows(helper.skills).map(({ area, entry }) => [
    `${area.group === "language" ? `${skillGroupLabel("language")}: ` : ""}${skillAreaLabel(area.slug)}${entry.detail ? ` (${entry.detail})` : ""}`,
    yesNoText(entry.willing),
    entry.experienced ? m.pdf_experienced({ years: yearsText(entry.years) }) : yesNoText(false),
    entry.rating === null ? m.pdf_not_applicable() : m.pdf_rating({ rating: entry.rating }),
    display(entry.note),
  ]);
  return (
    <>
      {/* The part's heading and its one row move together, and with the table's first rows: never a heading alone at a page's foot. */}
      <View wrap={false} minPresenceAhead={KEEP_WITH_NEXT}>
        <Part>{m.pdf_part_b()}</Part>
        <Rows rows={[[m.pdf_evaluation(), evaluation]]} />
      </View>
      <View style={{ height: 4 }} />
      {rows.length > 0 ? (
        <Table
          widths={["34%", "11%", "15%", "12%", "28%"]}
          head={[m.pdf_col_area(), m.pdf_col_willing(), m.pdf_col_experience(), m.pdf_col_rating(), m.pdf_col_observation()]}
          rows={rows}
        />
      ) : (
        <Text style={styles.muted}>{m.pdf_no_skills()}</Text>
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
      <Part>{m.pdf_part_c()}</Part>
      <Section>{m.pdf_section_c1()}</Section>
      {rows.length > 0 ? (
        <Table
          widths={["18%", "14%", "18%", "30%", "20%"]}
          head={[m.pdf_col_date(), m.pdf_col_country(), m.pdf_col_employer(), m.pdf_col_duties(), m.pdf_col_remarks()]}
          rows={rows}
        />
      ) : (
        <Text style={styles.muted}>{m.pdf_no_employment()}</Text>
      )}
      <Section>{m.pdf_section_c2()}</Section>
      <Rows rows={[[m.pdf_worked_in_singapore(), yesNoText(helper.workedInSingapore)]]} />
      <Section>{m.pdf_section_c3()}</Section>
      {feedback.length > 0 ? (
        <Table widths={["35%", "65%"]} head={[m.pdf_col_employer(), m.pdf_col_feedback()]} rows={feedback} />
      ) : (
        <Text style={styles.muted}>{m.pdf_no_feedback()}</Text>
      )}
    </>
  );
}

function PartD({ helper }: { helper: HelperRecord }) {
  const none = helper.interview.length === 0;
  return (
    <View wrap={false}>
      <Part>{m.pdf_part_d()}</Part>
      <Rows
        rows={[
          [m.pdf_availability(), availabilityText(helper.availableFrom)],
          [
            m.pdf_interview(),
            [
              `${box(none)} ${m.pdf_no_interview()}`,
              ...interviewModes.map((mode) => `${box(helper.interview.includes(mode.slug))} ${interviewLabel(mode.slug)}`),
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
      <Part>{m.pdf_special_notes()}</Part>
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
      {pictures > 0 ? <Text style={[styles.noteParagraph, styles.muted]}>{m.pdf_note_pictures({ count: pictures })}</Text> : null}
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
  locale,
  fontFamily,
}: BiodataPdfInput & { fontFamily?: string[] }) {
  return (
    <Document
      title={m.pdf_document_title({ name: helper.name, ref: helper.ref })}
      author={supplier.name}
      subject={m.pdf_document_subject()}
      language={HTML_LANG[locale]}
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
        <Text
          fixed
          style={styles.pageNumber}
          render={({ pageNumber, totalPages }) => m.pdf_page_number({ page: pageNumber, pages: totalPages })}
        />
        <Text fixed style={styles.running}>
          {m.pdf_running_head({ name: helper.name, ref: helper.ref, supplier: supplier.name })}
        </Text>
        <View style={styles.header}>
          <View style={styles.headerText}>
            <Text style={styles.title}>{m.pdf_title()}</Text>
            <Text style={styles.subtitle}>
              {supplier.name} · {supplier.licence}
            </Text>
            <Text style={styles.subtitle}>{m.pdf_reference({ ref: helper.ref, date: generatedOn })}</Text>
            <Text style={styles.subtitle}>
              {m.pdf_terms({
                salary: helper.salary,
                offDays: formatOffDaysShort(helper.offDays),
                availability: availabilityText(helper.availableFrom),
              })}
            </Text>
            {privateDetails ? <Text style={[styles.subtitle, styles.private]}>{m.pdf_owner_copy()}</Text> : null}
          </View>
          {photo ? (
            <Image style={styles.photo} src={{ data: photo, format: "jpg" }} />
          ) : (
            <View style={styles.photoBox}>
              <Text style={styles.muted}>{m.pdf_no_photo()}</Text>
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
