import { beforeAll, expect, it } from "vitest";
import { signUp, type SignedIn } from "../support/auth";
import { PRIVATE_VALUES, publishFullBiodata } from "../support/biodata";
import { describeDb } from "../support/database";
import { useTestApp } from "../support/test-app";

const PRIVATE_TEXT = Object.values(PRIVATE_VALUES);

function expectNoPrivateDetails(body: string) {
  for (const value of PRIVATE_TEXT) expect(body).not.toContain(value);
  for (const key of [
    "homeAddress",
    "repatriationPort",
    "homePhone",
    "passportNumber",
    "privateDetails",
    "dateOfBirth",
    "allergies",
    "illnesses",
  ]) {
    expect(body).not.toContain(key);
  }
}

describeDb("the standard form's private details", () => {
  const t = useTestApp();
  let owner: SignedIn;
  let id: string;

  beforeAll(async () => {
    owner = await signUp(t);
    id = await publishFullBiodata(t, owner, { name: "Rosa Private" });
  });

  it("are stored and given back to the supplier who wrote them, with the public parts", async () => {
    const response = await t.app.inject({
      method: "PATCH",
      url: `/api/helpers/${id}`,
      headers: { cookie: owner.cookie },
      payload: { siblings: 3 },
    });
    expect(response.statusCode).toBe(200);
    const record = response.json();
    expect(record.privateDetails).toEqual(PRIVATE_VALUES);
    expect(record).toMatchObject({ dateOfBirth: "1990-05-15", allergies: "Shellfish", illnesses: ["asthma", "operations"] });
    expect(record.siblings).toBe(3);
    expect(record.skills.infant).toMatchObject({ experienced: true, years: 3, rating: 5 });
    expect(record.employment[0]).toMatchObject({ country: "Hong Kong", feedback: "Very patient with the babies" });
  });

  it("never reach the public API: not for visitors, not for another supplier, not even for the owner", async () => {
    const other = await signUp(t);
    for (const cookie of [undefined, other.cookie, owner.cookie]) {
      const response = await t.app.inject({ method: "GET", url: `/api/helpers/${id}`, headers: cookie ? { cookie } : {} });
      expect(response.statusCode).toBe(200);
      expect(response.json().placeOfBirth).toBe("Iloilo City");
      expectNoPrivateDetails(response.body);
    }
    const listing = await t.app.inject({ method: "GET", url: `/api/helpers?supplier=${owner.id}` });
    expect(listing.json().total).toBe(1);
    expectNoPrivateDetails(listing.body);
  });

  it("refuses a bad value with its field named and leaves the stored biodata as it was", async () => {
    const response = await t.app.inject({
      method: "PATCH",
      url: `/api/helpers/${id}`,
      headers: { cookie: owner.cookie },
      payload: { siblings: 1, skills: { cooking: { willing: true, rating: 6 } } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ "skills.cooking.rating": "The rating must be from 1 to 5 stars, or N.A." });
    const after = await t.app.inject({ method: "GET", url: `/api/helpers/${id}` });
    expect(after.json().siblings).toBe(3);
    expect(after.json().skills.cooking.rating).toBe(4);
  });
});
