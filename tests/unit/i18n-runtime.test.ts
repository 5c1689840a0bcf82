import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as browserRuntime from "../../src/shared/i18n/browser-runtime";
import { localeOfPage, localizePath, unprefixedPath } from "../../src/shared/i18n/locales";

const compiled = new URL("../../src/shared/i18n/compiled/messages/", import.meta.url);

describe("the browser's message runtime", () => {
  it("offers every name the compiled messages import from the runtime it stands in for", () => {
    const names = new Set<string>();
    for (const file of readdirSync(compiled).filter((name) => name.endsWith(".js"))) {
      for (const match of readFileSync(new URL(file, compiled), "utf8").matchAll(/import \{([^}]*)\} from '\.\.\/runtime\.js'/g)) {
        for (const name of match[1]!.split(",")) names.add(name.trim());
      }
    }
    expect(names.size).toBeGreaterThan(0);
    for (const name of names) expect(browserRuntime, name).toHaveProperty(name);
  });

  it("answers the locale it was last given", () => {
    browserRuntime.setLocale("zh");
    expect(browserRuntime.getLocale()).toBe("zh");
    browserRuntime.setLocale("en");
    expect(browserRuntime.getLocale()).toBe("en");
  });
});

describe("family addresses per language", () => {
  it("prefixes family pages in the language that is not the default, keeping the query", () => {
    expect(localizePath("/posts?nationality=myanmar&page=2", "zh")).toBe("/zh/posts?nationality=myanmar&page=2");
    expect(localizePath("/", "zh")).toBe("/zh");
    expect(localizePath("/zh/posts/12", "en")).toBe("/posts/12");
    expect(localizePath("/posts", "en", "zh")).toBe("/en/posts");
  });

  it("leaves supplier pages, the editor and the PDF alone", () => {
    expect(localizePath("/dashboard", "zh")).toBe("/dashboard");
    expect(localizePath("/posts/12/edit", "zh")).toBe("/posts/12/edit");
    expect(localizePath("/posts/12/biodata.pdf", "zh")).toBe("/posts/12/biodata.pdf");
    expect(unprefixedPath("/zh?q=maria")).toBe("/?q=maria");
  });

  it("takes a page's locale from its prefix, the families' default, or the supplier's choice", () => {
    expect(localeOfPage("/zh/posts.data", null, "en")).toBe("zh");
    expect(localeOfPage("/posts", "my", "zh")).toBe("zh");
    expect(localeOfPage("/dashboard", "my", "en")).toBe("my");
    expect(localeOfPage("/dashboard", "zh", "en")).toBe("en");
  });
});
