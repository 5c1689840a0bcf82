/**
 * The fullest biodata the form allows, for the PDF benchmark and the PDF's tests: every skill
 * area, twelve employment rows, every free text at its limit, and long special notes (headings,
 * paragraphs, bullet and numbered lists, a nested item, a link and a picture). Every text starts
 * with `tag`, so a run can make texts no earlier run shaped. `typical`: texts as suppliers fill
 * them (up to 40 characters).
 */
import { skillAreas } from "../src/shared/biodata-catalogue";
import { currentMonth } from "../src/shared/biodata-schema";
import type { EmploymentRow, Skills } from "../src/shared/biodata-types";

export function fullestTexts(tag: string, typical = false) {
  const lengthOf = (limit: number) => (typical ? Math.min(limit, 40) : limit);
  const long = (text: string, limit: number) =>
    `${tag} ${text.repeat(Math.ceil(lengthOf(limit) / text.length))}`.slice(0, lengthOf(limit)).trim();
  const skills: Skills = Object.fromEntries(
    skillAreas.map((area, i) => [
      area.slug,
      {
        willing: true,
        experienced: true,
        years: 1 + (i % 9),
        rating: 1 + (i % 5),
        detail: long("Chinese and Western ", 100),
        note: long("Careful and quick to learn. ", 300),
      },
    ]),
  );
  const [year] = currentMonth().split("-").map(Number);
  const employment: EmploymentRow[] = Array.from({ length: 12 }, (_, i) => ({
    from: `${year! - 2 * i - 2}-01`,
    to: `${year! - 2 * i - 1}-06`,
    country: ["Hong Kong", "Taiwan", "Saudi Arabia", "Malaysia", "Singapore"][i % 5]!,
    employer: long("The Tan family ", 100),
    duties: long("Care of two children, cooking and housework. ", 300),
    remarks: long("Contract completed. ", 300),
    feedback: long("Honest, hardworking and kind to the children. ", 300),
  }));
  const paragraph = (text: string) => `<p>${long(text, 600)}</p>`;
  const specialNotes = typical
    ? `<p>${long("Cheerful and patient with children. ", 200)}</p>`
    : [
        `<h2>About her</h2>`,
        paragraph("She looked after twins from birth and cooks for a family of six. "),
        paragraph("Her last employer in Hong Kong wrote that she is <strong>honest</strong> and <em>calm</em>. "),
        `<h2>What she can do</h2>`,
        `<ol>${Array.from({ length: 8 }, (_, i) => `<li data-list="bullet">${long(`Duty ${i + 1}: marketing, cooking and ironing. `, 160)}</li>`).join("")}<li data-list="bullet" class="ql-indent-1">Nested: bathing a newborn</li></ol>`,
        `<ol>${Array.from({ length: 5 }, (_, i) => `<li data-list="ordered">${long(`Step ${i + 1} of her day. `, 120)}</li>`).join("")}</ol>`,
        paragraph("Ask us about her <u>medical check-up</u> and her references. "),
        `<p>Read more on <a href="https://example.com/her-story">her story</a>.</p><p><img src="data:image/png;base64,iVBORw0KGgo="></p>`,
      ].join("");
  return {
    placeOfBirth: long("Iloilo ", 100),
    homeAddress: long("88 Rizal Street ", 300),
    allergies: long("Shellfish ", 300),
    illnessOther: long("Appendix removed ", 300),
    disabilities: long("None ", 300),
    dietaryRestrictions: long("No beef ", 300),
    foodHandlingOther: long("Halal kitchen ", 300),
    otherRemarks: long("Likes to sing with the children. ", 1000),
    skills,
    employment,
    specialNotes,
  };
}
