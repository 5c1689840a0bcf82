import { describe, expect, it } from "vitest";
import { goodsWords, goodsWordsIn } from "../../src/shared/goods-words";
import { helperCreateSchema, helperUpdateSchema, fieldErrors } from "../../src/shared/helper-schema";
import { helperStatuses } from "../../src/shared/catalogue";
import { m } from "../../src/shared/i18n/compiled/messages.js";
import { LOCALES } from "../../src/shared/i18n/locales";
import { fullBiodata } from "../support/biodata";

describe("words that treat a helper as goods", () => {
  it("are listed in every locale's catalogue, Burmese included", () => {
    for (const locale of LOCALES) expect(m.shared_goods_words({}, { locale }).trim()).not.toBe("");
    const words = goodsWords();
    for (const word of ["cheap", "guaranteed replacement", "特价", "diskon", "ibinebenta", "လျှော့ဈေး"]) expect(words).toContain(word);
  });

  it("are found as whole words and phrases in any case, whatever the writer's language", () => {
    expect(goodsWordsIn("CHEAP fee, Discount for early birds")).toEqual(["cheap", "discount"]);
    expect(goodsWordsIn("Now On  Sale! Guaranteed-replacement")).toEqual(["on sale", "guaranteed replacement"]);
    expect(goodsWordsIn("特价女佣，已售")).toEqual(["特价", "已售"]);
    expect(goodsWordsIn("Gaji murah, ada promo")).toEqual(["murah", "promo"]);
    expect(goodsWordsIn("ဈေးပေါ အိမ်အကူ")).toEqual(["ဈေးပေါ"]);
  });

  it("are not found inside other words", () => {
    for (const text of [
      "Sales assistant",
      "She is cheapskate-proof",
      "Promotional video",
      "Muraho",
      "Resold? no: unsold",
      "ဈေးပေါ်တွင် ရောင်းချသူ",
    ]) {
      expect(goodsWordsIn(text), text).toEqual([]);
    }
  });

  it("refuse a biodata's name, special notes and other remarks, naming the words and the rule", () => {
    const result = helperCreateSchema.safeParse(
      fullBiodata({
        name: "Sale Maria",
        specialNotes: "<p>Cheapest helper, <strong>discount</strong></p>",
        otherRemarks: "Ready, on sale",
      }),
    );
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!);
    expect(errors.specialNotes).toBe(
      "Special notes uses “cheapest”, “discount”: an advert must not treat a helper as goods (cheap fees, discounts, promotions, sale or sold), under the Ministry of Manpower's rules. Please take these words out.",
    );
    expect(errors.otherRemarks).toMatch(/^Other remarks uses “on sale”: /);
    expect(errors.name).toBeUndefined();
    expect(fieldErrors(helperUpdateSchema.safeParse({ name: "Maria Promo" }).error!).name).toMatch(/“promo”/);
  });

  it("leave the work history alone: she may have sold vegetables or been a sales assistant", () => {
    const employment = [
      {
        from: "2015-01",
        to: "2017-12",
        country: "Philippines",
        employer: "Family stall",
        duties: "Sold vegetables at the family stall",
        remarks: "Cheap rent",
        feedback: null,
      },
    ];
    expect(helperCreateSchema.safeParse(fullBiodata({ employment })).success).toBe(true);
  });

  it("are never a status's name", () => {
    for (const locale of LOCALES)
      for (const { slug } of helperStatuses) expect(goodsWordsIn(m.shared_status({ slug }, { locale })), `${locale} ${slug}`).toEqual([]);
  });
});
