/**
 * The fullest biodata the form allows, for the PDF benchmark and the PDF's tests: every skill
 * area, twelve employment rows, every free text at its limit, and long special notes (headings,
 * paragraphs, bullet and numbered lists, a nested item, a link and a picture). Every text starts
 * with `tag`, so a run can make texts no earlier run shaped. `typical`: texts as suppliers fill
 * them (up to 40 characters). `chinese`: the same biodata written in Chinese (details, employers,
 * duties, feedback, notes), as an agency serving Chinese-reading families fills it.
 */
import { skillAreas } from "../src/shared/biodata-catalogue";
import { currentMonth } from "../src/shared/biodata-schema";
import type { EmploymentRow, Skills } from "../src/shared/biodata-types";

/** The English texts' Chinese counterparts, repeated to the same limits. */
const CHINESE: Record<string, string> = {
  "Chinese and Western ": "中餐和西餐，",
  "Careful and quick to learn. ": "细心，学得快。",
  "The Tan family ": "陈先生一家，",
  "Care of two children, cooking and housework. ": "照顾两个孩子，做饭和家务。",
  "Contract completed. ": "合同期满。",
  "Honest, hardworking and kind to the children. ": "诚实、勤劳，对孩子很好。",
  "She looked after twins from birth and cooks for a family of six. ": "她从出生起照顾一对双胞胎，为六口之家做饭。",
  "Her last employer in Hong Kong wrote that she is <strong>honest</strong> and <em>calm</em>. ":
    "她在香港的上一位雇主说她<strong>诚实</strong>又<em>冷静</em>。",
  "Ask us about her <u>medical check-up</u> and her references. ": "请向我们询问她的<u>体检</u>和推荐信。",
  "Iloilo ": "伊洛伊洛 ",
  "88 Rizal Street ": "黎刹街88号 ",
  "Shellfish ": "贝类 ",
  "Appendix removed ": "阑尾已切除 ",
  "None ": "无 ",
  "No beef ": "不吃牛肉 ",
  "Halal kitchen ": "清真厨房 ",
  "Likes to sing with the children. ": "喜欢和孩子们一起唱歌。",
  "Cheerful and patient with children. ": "开朗，对孩子有耐心。",
};

export function fullestTexts(tag: string, typical = false, chinese = false) {
  const lengthOf = (limit: number) => (typical ? Math.min(limit, 40) : limit);
  const long = (english: string, limit: number) => {
    const text = chinese ? (CHINESE[english] ?? english) : english;
    return `${tag} ${text.repeat(Math.ceil(lengthOf(limit) / text.length))}`.slice(0, lengthOf(limit)).trim();
  };
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
        `<h2>${chinese ? "关于她" : "About her"}</h2>`,
        paragraph("She looked after twins from birth and cooks for a family of six. "),
        paragraph("Her last employer in Hong Kong wrote that she is <strong>honest</strong> and <em>calm</em>. "),
        `<h2>${chinese ? "她能做什么" : "What she can do"}</h2>`,
        `<ol>${Array.from({ length: 8 }, (_, i) => `<li data-list="bullet">${long(chinese ? `职责${i + 1}：买菜、做饭和熨衣服。` : `Duty ${i + 1}: marketing, cooking and ironing. `, 160)}</li>`).join("")}<li data-list="bullet" class="ql-indent-1">Nested: bathing a newborn</li></ol>`,
        `<ol>${Array.from({ length: 5 }, (_, i) => `<li data-list="ordered">${long(chinese ? `她一天的第${i + 1}步。` : `Step ${i + 1} of her day. `, 120)}</li>`).join("")}</ol>`,
        paragraph("Ask us about her <u>medical check-up</u> and her references. "),
        `<p>${chinese ? "更多请看" : "Read more on"} <a href="https://example.com/her-story">${chinese ? "她的故事" : "her story"}</a>.</p><p><img src="data:image/png;base64,iVBORw0KGgo="></p>`,
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
