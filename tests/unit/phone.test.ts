import { describe, expect, it } from "vitest";
import { parseLeadInput } from "../../src/shared/lead-schema";
import { formatPhone, normalisePhone, phoneMessages } from "../../src/shared/phone";

const accepted = (input: string) => {
  const result = normalisePhone(input);
  if (!result.ok) throw new Error(`"${input}" was refused: ${result.message}`);
  return result.phone;
};
const refusal = (input: string | null | undefined) => {
  const result = normalisePhone(input);
  if (result.ok) throw new Error(`"${input}" was accepted as ${result.phone}`);
  return result.message;
};

describe("a visitor types a phone number", () => {
  it.each([
    ["91234567"],
    ["9123 4567"],
    ["9123-4567"],
    ["  9123 4567  "],
    ["+65 9123 4567"],
    ["+6591234567"],
    ["+65-9123-4567"],
    ["(+65) 9123 4567"],
    // 65 followed by eight digits is Singapore's country code typed without its +.
    ["6591234567"],
  ])("a Singapore mobile typed as %j is stored as +6591234567", (input) => {
    expect(accepted(input)).toBe("+6591234567");
  });

  it("a Singapore landline is accepted too", () => {
    expect(accepted("6123 4567")).toBe("+6561234567");
  });

  it.each([
    ["+63 917 123 4567", "+639171234567"],
    ["+60 12-345 6789", "+60123456789"],
    ["+44 7911 123456", "+447911123456"],
    ["+91 98765 43210", "+919876543210"],
    // An international dialling prefix from Singapore stands for the +.
    ["001 63 917 123 4567", "+639171234567"],
  ])("a foreign number with its country code, %j, is stored as %s", (input, e164) => {
    expect(accepted(input)).toBe(e164);
  });

  it("a foreign number without its + is refused with a hint to add it", () => {
    expect(refusal("0917 123 4567")).toBe(phoneMessages.notLocal);
    expect(refusal("639171234567")).toBe(phoneMessages.notLocal);
    expect(refusal("60123456789")).toBe(phoneMessages.notLocal);
  });

  it("letters are refused", () => {
    expect(refusal("9123 abcd")).toBe(phoneMessages.characters);
    expect(refusal("call me")).toBe(phoneMessages.characters);
  });

  it("a number that is too short is refused", () => {
    expect(refusal("9123")).toBe(phoneMessages.tooShortLocal);
    expect(refusal("+63 917")).toBe(phoneMessages.tooShort);
  });

  it("a number that is too long is refused", () => {
    expect(refusal("+63 917 123 4567 12345")).toBe(phoneMessages.tooLong);
  });

  it("an empty answer is refused", () => {
    expect(refusal("")).toBe(phoneMessages.empty);
    expect(refusal("   ")).toBe(phoneMessages.empty);
    expect(refusal(undefined)).toBe(phoneMessages.empty);
    expect(refusal("+")).toBe(phoneMessages.empty);
  });

  it("Singapore numbers that cannot exist are refused", () => {
    expect(refusal("1234 5678")).toBe(phoneMessages.invalid);
    expect(refusal("5123 4567")).toBe(phoneMessages.invalid);
    expect(refusal("+65 9999 9999")).toBe(phoneMessages.invalid);
    expect(refusal("6512345678")).toBe(phoneMessages.invalid);
  });

  it("an unknown country code is refused", () => {
    expect(refusal("+999 1234 5678")).toBe(phoneMessages.unknownCountry);
  });

  it("a toll-free number is refused: nobody would answer it", () => {
    expect(refusal("1800 123 4567")).toBe(phoneMessages.unreachable);
  });

  it("a stored number reads back with spaces", () => {
    expect(formatPhone("+6591234567")).toBe("+65 9123 4567");
  });
});

describe("the lead form's values", () => {
  it("are tidied: the name trimmed and its inner spaces collapsed, the phone in E.164", () => {
    expect(parseLeadInput({ name: "  Mary \n  Tan ", phone: "9123 4567" })).toEqual({
      ok: true,
      lead: { name: "Mary Tan", phone: "+6591234567" },
    });
  });

  it("give one message per field", () => {
    expect(parseLeadInput({ name: "   ", phone: "abc" })).toEqual({
      ok: false,
      fields: { name: "Please enter your name.", phone: phoneMessages.characters },
    });
    expect(parseLeadInput({})).toEqual({
      ok: false,
      fields: { name: "Please enter your name.", phone: "Please enter your phone number." },
    });
  });

  it("refuse a name longer than 80 characters", () => {
    const result = parseLeadInput({ name: "A".repeat(81), phone: "91234567" });
    expect(result).toEqual({ ok: false, fields: { name: "Please keep your name to 80 characters." } });
  });
});
