import { describe, expect, it } from "vitest";
import { localeOfAcceptLanguage } from "../../src/server/i18n/api-locale";

describe("the API's language from Accept-Language", () => {
  it.each([
    [undefined, "en"],
    ["", "en"],
    ["zh-SG,zh;q=0.9,en;q=0.8", "zh"],
    ["zh-Hans-CN", "zh"],
    ["en-GB,zh;q=0.9", "en"],
    ["fr-FR,de;q=0.8,id;q=0.5", "id"],
    ["in-ID", "id"],
    ["tl", "fil"],
    ["fil-PH,en;q=0.5", "fil"],
    ["my-MM", "my"],
    ["en;q=0.2,my;q=0.9", "my"],
    ["zh;q=0,en", "en"],
    ["*", "en"],
    ["fr-FR", "en"],
  ])("%s -> %s", (header, locale) => {
    expect(localeOfAcceptLanguage(header)).toBe(locale);
  });

  it("takes the first of languages sent in several headers", () => {
    expect(localeOfAcceptLanguage(["fr", "zh-TW"])).toBe("zh");
  });
});
