import { describe, expect, it } from "vitest";
import { checkMessage } from "../../src/features/conversations/components/message-rules";
import { sanitizeNotes } from "../../src/features/helpers/server/sanitize-notes";
import { accountDetailsSchema } from "../../src/shared/account-schema";
import { helperCreateSchema } from "../../src/shared/helper-schema";
import { parseLeadInput } from "../../src/shared/lead-schema";
import { hasVisibleText, plainText } from "../../src/shared/plain-text";
import { fullBiodata } from "../support/biodata";

const SPOOF = "invoice\u202efdp.exe";

describe("the one sanitiser of plain text", () => {
  it("takes out direction overrides, isolates, marks and zero-width characters, keeping joiners and every script", () => {
    expect(plainText(SPOOF)).toBe("invoicefdp.exe");
    expect(plainText("a\u2066b\u2069c\u200ed\u200ff\u061cg\u200bh\ufeffi\u00adj\u2060k")).toBe("abcdfghijk");
    // A family of emoji is one picture through its zero-width joiners; Burmese and Chinese stay whole.
    expect(plainText("👨\u200d👩\u200d👧 မင်္ဂလာပါ 你好")).toBe("👨\u200d👩\u200d👧 မင်္ဂလာပါ 你好");
  });

  it("tells text that shows nothing from text that shows something", () => {
    for (const blank of ["\u200b\u200b\u200b", " \u3164 ", "\u2800\u2800", "\u200d", "\u0301", "\u3000\n\t"])
      expect(hasVisibleText(blank)).toBe(false);
    for (const text of ["a", "你", "မ", "👍", "1"]) expect(hasVisibleText(text)).toBe(true);
  });

  it("refuses a message of only invisible characters and stores a spoofing one without its override", () => {
    expect(checkMessage("\u200b\u200b\u200b")).toEqual({ ok: false, error: "Please write a message." });
    expect(checkMessage("\u202e\u2066 \u3164")).toMatchObject({ ok: false });
    expect(checkMessage(`Please open ${SPOOF}`)).toEqual({ ok: true, text: "Please open invoicefdp.exe" });
  });

  it("cleans names and biodata text alike", () => {
    const lead = parseLeadInput({ name: `Fiona\u202e ylimaF`, phone: "+6591234567" });
    expect(lead.ok && lead.lead.name).toBe("Fiona ylimaF");
    expect(parseLeadInput({ name: "\u200b\u3164", phone: "+6591234567" })).toMatchObject({
      ok: false,
      fields: { name: expect.any(String) },
    });

    const helper = helperCreateSchema.parse(fullBiodata({ name: `Maria\u202e Santos`, otherRemarks: `See ${SPOOF}` }));
    expect(helper.name).toBe("Maria Santos");
    expect(helper.otherRemarks).toBe("See invoicefdp.exe");
    expect(helperCreateSchema.safeParse(fullBiodata({ name: "\u200b\u200b" })).success).toBe(false);

    const account = accountDetailsSchema.safeParse({ name: `Ann\u2067a`, companyName: `Best\u202e Agency` });
    expect(account.success && [account.data.name, account.data.companyName]).toEqual(["Anna", "Best Agency"]);

    expect(sanitizeNotes(`<p>Open ${SPOOF} &#x202E;now</p>`)).toBe("<p>Open invoicefdp.exe now</p>");
  });
});
