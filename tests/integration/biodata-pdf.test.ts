import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import { user } from "../../src/features/accounts/server/tables";
import { evaluationMethods, interviewModes, skillAreas, skillGroupLabels } from "../../src/shared/biodata-catalogue";
import { signUp, type SignedIn } from "../support/auth";
import { biodataBody, fullBiodata, PRIVATE_VALUES, uploadedPhotoKey, withPhoto } from "../support/biodata";
import { describeDb } from "../support/database";
import { pdfText } from "../support/pdf-text";
import { useTestApp } from "../support/test-app";
import { fullestTexts } from "../../scripts/fullest-biodata";

describeDb("the biodata as an A4 PDF", () => {
  const t = useTestApp();
  let owner: SignedIn;
  let id: string;

  beforeAll(async () => {
    owner = await signUp(t);
    const photo = await uploadedPhotoKey(t, owner.cookie);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie: owner.cookie },
      payload: fullBiodata({ name: "Lorna Dela Cruz", photo }),
    });
    expect(response.statusCode, response.body).toBe(201);
    id = response.json().id;
  });

  /** A listed biodata of the owner's with these fields, and its public PDF. */
  const pdfOf = async (fields: Record<string, unknown>) => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie: owner.cookie },
      payload: await withPhoto(t, owner, biodataBody(fields)),
    });
    expect(created.statusCode, created.body).toBe(201);
    return t.app.inject({ method: "GET", url: `/posts/${created.json().id}/biodata.pdf` });
  };

  const get = (cookie?: string) => t.app.inject({ method: "GET", url: `/posts/${id}/biodata.pdf`, headers: cookie ? { cookie } : {} });

  it("gives a visitor an A4 PDF of the standard form whose text can be read back, without the private details", async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toMatch(/^inline; filename="biodata-DH\d+\.pdf"$/);
    const { text, pageSize } = await pdfText(response.rawPayload);
    expect(pageSize.map(Math.round)).toEqual([595, 842]);
    for (const expected of [
      "Lorna Dela Cruz",
      "Care of infants",
      "Cooking",
      "Hong Kong",
      "A. PROFILE OF FDW",
      "B. SKILLS OF FDW",
      "C. EMPLOYMENT HISTORY",
      "D. AVAILABILITY",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain("Very patient with the babies");
    for (const value of Object.values(PRIVATE_VALUES)) expect(text).not.toContain(value);
    expect(text).not.toContain("Passport number");
    // The medical history and date of birth are for families past the gate.
    for (const value of ["Shellfish", "Asthma", "15 May 1990"]) expect(text).not.toContain(value);
  });

  it("gives the owner and operators their copy with the private details, never to be stored by a shared cache", async () => {
    const operator = await signUp(t, { role: "operator" });
    for (const cookie of [owner.cookie, operator.cookie]) {
      const response = await get(cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("private, no-store");
      const { text } = await pdfText(response.rawPayload);
      for (const value of [...Object.values(PRIVATE_VALUES), "Shellfish", "15 May 1990"]) expect(text).toContain(value);
    }
    const stranger = await signUp(t);
    const { text } = await pdfText((await get(stranger.cookie)).rawPayload);
    expect(text).not.toContain(PRIVATE_VALUES.homeAddress);
  });

  it("keeps the PDF until the biodata changes, then shows the change", async () => {
    const first = await get();
    const again = await get();
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const patch = await t.app.inject({
      method: "PATCH",
      url: `/api/helpers/${id}`,
      headers: { cookie: owner.cookie },
      payload: { skills: { sewing: { willing: true, experienced: true, years: 7, rating: 5 } } },
    });
    expect(patch.statusCode).toBe(200);
    const { text } = await pdfText((await get()).rawPayload);
    expect(text).toContain("Sewing");
    expect(text).not.toContain("Care of infants");
  });

  it("prints the supplier's new name after it changed on another instance, with no notification reaching this one", async () => {
    const before = await get();
    await t.db.update(user).set({ companyName: "Harbour Light Employment" }).where(eq(user.id, owner.id));
    const { text } = await pdfText((await get()).rawPayload);
    expect(text).toContain("Harbour Light Employment");
    await t.db.update(helpers).set({ otherRemarks: "Plays the guitar on her rest day" }).where(eq(helpers.id, id));
    const after = await get();
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
    expect((await pdfText(after.rawPayload)).text).toContain("Plays the guitar on her rest day");
  });

  it("prints names beyond Latin-1 with their accents, as text a reader can copy, even when typed as letter and accent", async () => {
    const names = ["Nguyễn Thị Hồng", "Łucja Żółć", "Begoña Muñoz"];
    const decomposed = names[0]!.normalize("NFD");
    const response = await pdfOf({ name: decomposed, placeOfBirth: names[1], otherRemarks: `Speaks with ${names[2]}` });
    const { text } = await pdfText(response.rawPayload);
    for (const name of names) expect(text.normalize("NFC")).toContain(name);
  });

  it("prints Chinese and Burmese names and notes as typed, in embedded subsets of Noto Sans SC and Noto Sans Myanmar", async () => {
    const burmese = ["မြန်မာ", "ကျေးဇူးတင်ပါတယ်", "ကလေးများကို"];
    const response = await pdfOf({
      name: "王秀英 Wang Xiuying",
      placeOfBirth: `${burmese[0]} Mandalay`,
      otherRemarks: `${burmese[1]}။ 会说普通话。`,
      specialNotes: `<p>她<strong>很有耐心</strong>，<em>喜欢</em>孩子。</p><p>သူမသည် <em>${burmese[2]}</em> ချစ်သည်။</p>`,
    });
    expect(response.statusCode).toBe(200);
    const { text } = await pdfText(response.rawPayload);
    for (const typed of ["王秀英 Wang Xiuying", "会说普通话。", "喜欢孩子。", "很有耐心"]) expect(text).toContain(typed);
    // Burmese is drawn in shaped order (the vowel sign E and medial RA before their consonant), so
    // a reader copies each syllable's letters in that order: every letter is there, none lost.
    const sorted = (word: string) => [...word].sort().join("");
    const words = text.split(/[\s။]+/).map(sorted);
    for (const word of burmese) expect(words).toContain(sorted(word));
    // Embedded as subsets (a six-letter tag before the name), and only those fonts the text needs.
    const pdf = response.rawPayload.toString("latin1");
    const fonts = new Set(pdf.match(/\/BaseFont \/[A-Z]{6}\+[\w-]+/g)!.map((name) => name.slice(18)));
    expect(fonts).toEqual(
      new Set(["NotoSans-Regular", "NotoSans-Bold", "NotoSansSC-Regular", "NotoSansSC-Bold", "NotoSansMyanmar-Regular"]),
    );
    expect(response.rawPayload.length).toBeLessThan(120_000);
    // A biodata in Latin letters embeds neither.
    const latin = (await get()).rawPayload.toString("latin1");
    expect(latin).not.toMatch(/NotoSansSC|NotoSansMyanmar/);
  });

  it("prints its labels and headings in Chinese when a Chinese page asks (?lang=zh), what the supplier typed as typed", async () => {
    const chinese = await t.app.inject({ method: "GET", url: `/posts/${id}/biodata.pdf?lang=zh` });
    expect(chinese.statusCode, chinese.body).toBe(200);
    expect(chinese.headers["content-disposition"]).toMatch(/^inline; filename="biodata-DH\d+-zh\.pdf"$/);
    const { text } = await pdfText(chinese.rawPayload);
    for (const heading of [
      "外籍家庭帮佣（女佣）简历",
      "A. 女佣个人资料",
      "A1 个人信息",
      "B. 女佣技能",
      "C. 女佣工作经历",
      "D. 女佣接受准雇主面试的方式",
      "特别说明",
      "第 1 页，共",
      "仅提供给在网站上留下姓名和电话号码的雇主",
    ]) {
      expect(text).toContain(heading);
    }
    for (const typed of ["Lorna Dela Cruz", "Very patient with the babies", "Hong Kong"]) expect(text).toContain(typed);
    for (const english of ["A. PROFILE OF FDW", "SPECIAL NOTES", "Place of birth", "Page 1 of"]) expect(text).not.toContain(english);
    // No catalogue word left in English: the skills rows (their areas, the language group), the
    // evaluation, the interview modes and the facts chosen from lists print in Chinese too.
    const catalogueWords = [
      ...skillAreas.map((area) => area.label),
      skillGroupLabels.language,
      ...evaluationMethods.map((method) => method.label),
      ...interviewModes.map((mode) => mode.label),
      "Philippines",
      "Ex-Singapore",
      "Single",
      "Catholic",
      "High school",
    ];
    for (const english of catalogueWords) expect(text, english).not.toContain(english);
    for (const chinese of ["缝纫", "电话面试", "由海外培训中心面试"]) expect(text).toContain(chinese);
    // The labels bring the Chinese letters' font although nothing typed is Chinese.
    expect(chinese.rawPayload.toString("latin1")).toMatch(/NotoSansSC/);

    // Each language is its own copy: the English one, asked next, is still English.
    const english = await pdfText((await get()).rawPayload);
    expect(english.text).toContain("A. PROFILE OF FDW");
    expect(english.text).not.toContain("女佣");
    expect((await t.app.inject({ method: "GET", url: `/posts/${id}/biodata.pdf?lang=en` })).statusCode).toBe(200);
  });

  it("refuses a language it does not print with a 400 naming the parameter", async () => {
    const response = await t.app.inject({ method: "GET", url: `/posts/${id}/biodata.pdf?lang=fr` });
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/lang/);
  });

  it("prints the fullest biodata with its notes as text, numbered pages, and no heading left at the foot of a page", async () => {
    const photo = await uploadedPhotoKey(t, owner.cookie);
    const { homeAddress: _private, ...texts } = fullestTexts("Fullest");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie: owner.cookie },
      payload: fullBiodata({ name: "Rowena Bautista", photo, ...texts }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const fullest = created.json().id as string;
    // Headings, and a table's head row (it belongs with the rows under it).
    const heading =
      /^(?:[A-D]\. [A-Z ]+|[A-D]\d [A-Z]|SPECIAL NOTES$|About her$|What she can do$|Area of work Willing|Date Country Employer|Employer Feedback$)/;
    const ends: string[] = [];
    // Remarks of different lengths move every break, so headings come near the foot of a page.
    for (const remarks of [0, 300, 600, 900]) {
      const patch = await t.app.inject({
        method: "PATCH",
        url: `/api/helpers/${fullest}`,
        headers: { cookie: owner.cookie },
        payload: { otherRemarks: "Likes to sing with the children. ".repeat(30).slice(0, remarks) || null },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      const response = await t.app.inject({ method: "GET", url: `/posts/${fullest}/biodata.pdf` });
      const { pages, lines, text } = await pdfText(response.rawPayload);
      expect(pages).toBeGreaterThan(2);
      lines.forEach((page, i) => {
        const [last, ...above] = [...page].reverse();
        expect(last, `page ${i + 1}`).toBe(`Page ${i + 1} of ${pages}`);
        const end = above.find((line) => !/^Page \d+ of \d+$/.test(line));
        if (heading.test(end ?? "")) ends.push(`remarks ${remarks}, page ${i + 1} ends with "${end}"`);
      });
      // The notes: headings, paragraphs with their inline styles' text, both kinds of list, the link's address.
      for (const expected of [
        "SPECIAL NOTES",
        "About her",
        "She looked after twins from birth",
        "What she can do",
        "• Fullest Duty 1: marketing, cooking and ironing.",
        "• Nested: bathing a newborn",
        "1. Fullest Step 1 of her day.",
        "5. Fullest Step 5 of her day.",
        "her story (https://example.com/her-story)",
        "The notes' picture is on the biodata's page on the site.",
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toMatch(/<\/?(?:p|li|ol|strong|h2)\b/);
    }
    expect(ends).toEqual([]);
  }, 60_000);

  it("answers 404 for a draft to visitors, and for an unknown id", async () => {
    const draft = await t.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie: owner.cookie },
      payload: biodataBody({ status: "draft" }),
    });
    const draftId = draft.json().id;
    expect((await t.app.inject({ method: "GET", url: `/posts/${draftId}/biodata.pdf` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: `/posts/${draftId}/biodata.pdf`, headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/posts/not-an-id/biodata.pdf" })).statusCode).toBe(404);
  });
});
