import { describe, expect, it } from "vitest";
import { guessablePasswordMessage, weakPasswordReason } from "../../src/features/accounts/server/common-passwords";

describe("a password built from guessable words", () => {
  it("is refused whatever letters the person's e-mail address happens to hold", () => {
    // An address part of digits and one letter ("9e3412345678") is no word: taking its "e" out of
    // the password first would leave "wlcom…" and hide the "welcome" in it.
    for (const email of ["supplier-9e3412345678@example.com", "c0000000000a1@example.com", "siti@example.com"]) {
      expect(weakPasswordReason("W3lc0me2024!", ["Direct Helpers", email, "Siti Rahayu"]), email).toBe(guessablePasswordMessage());
    }
  });

  it("takes a person's own words out by their letters, so digits inside them do not hide them", () => {
    expect(weakPasswordReason("GoldenBridge#1", ["Direct Helpers", "ops@gold3n-bridge.sg", "Golden Bridge"])).toBe(
      guessablePasswordMessage(),
    );
  });

  it("lets a password of the person's own words through", () => {
    expect(weakPasswordReason("tamarind kettle orbit", ["Direct Helpers", "supplier-9e3412345678@example.com", "Siti Rahayu"])).toBeNull();
  });
});
