import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import { user } from "../../src/features/accounts/server/tables";
import { signUp, TEST_PASSWORD, type SignedIn } from "../support/auth";
import { fullBiodata, publishFullBiodata, withPhoto } from "../support/biodata";
import { describeDb } from "../support/database";
import { uniqueEmail } from "../support/factories";
import { usePageApp } from "../support/pages";

const origin = { origin: "http://localhost:3000" };

describeDb("adverts that treat a helper as goods are refused", () => {
  const t = usePageApp();
  let owner: SignedIn;

  beforeAll(async () => {
    owner = await signUp(t);
  });

  const post = (payload: Record<string, unknown>, language = "en") =>
    t.app.inject({ method: "POST", url: "/api/helpers", headers: { cookie: owner.cookie, "accept-language": language }, payload });

  it("a new biodata whose special notes say “murah” is refused in the writer's language, and nothing is stored", async () => {
    const response = await post(
      await withPhoto(t, owner, fullBiodata({ name: "Sri Murni", specialNotes: "<p>Gaji MURAH, ada promo</p>" })),
      "id",
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.specialNotes).toMatch(/^Catatan khusus memakai “murah”, “promo”: iklan tidak boleh memperlakukan/);
    expect(await t.db.select().from(helpers).where(eq(helpers.name, "Sri Murni"))).toEqual([]);
  });

  it("a change to other remarks or the name is refused as well; her work history is not checked", async () => {
    const employment = [
      {
        from: "2016-01",
        to: "2018-12",
        country: "Indonesia",
        employer: null,
        duties: "Sold vegetables at the family stall",
        remarks: "Sales assistant",
        feedback: null,
      },
    ];
    const id = await publishFullBiodata(t, owner, { name: "Ani Lestari", employment });
    const remarks = await t.app.inject({
      method: "PATCH",
      url: `/api/helpers/${id}`,
      headers: { cookie: owner.cookie, "accept-language": "zh" },
      payload: { otherRemarks: "特价，可换人", name: "Ani Discount" },
    });
    expect(remarks.statusCode).toBe(400);
    expect(remarks.json().error.fields.otherRemarks).toMatch(/含有“特价”：依照人力部的规定/);
    expect(remarks.json().error.fields.name).toMatch(/含有“discount”/);
    const [row] = await t.db.select().from(helpers).where(eq(helpers.id, id));
    expect(row).toMatchObject({
      name: "Ani Lestari",
      employment: [expect.objectContaining({ duties: "Sold vegetables at the family stall" })],
    });
  });

  it("a supplier's company name is refused at sign-up and on the profile", async () => {
    const email = uniqueEmail();
    const signUpResponse = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: origin,
      payload: { name: "Tan Ah Kow", companyName: "Cheapest Maids Pte Ltd", email, password: TEST_PASSWORD },
    });
    expect(signUpResponse.statusCode).toBe(400);
    expect(signUpResponse.json().fields.companyName).toMatch(/^Company name uses “cheapest”: /);
    expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    const update = await t.app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: { ...origin, cookie: owner.cookie },
      payload: { companyName: "Bargain Helpers" },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().fields.companyName).toMatch(/“bargain”/);
  });

  it("the form says the rule in one line, in the supplier's language", async () => {
    await t.db.update(user).set({ locale: "my" }).where(eq(user.id, owner.id));
    const page = await t.app.inject({ url: "/create", headers: { cookie: owner.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("MOM စည်းမျဉ်း- သူမကို ကုန်ပစ္စည်းကဲ့သို့ ဖော်ပြသော စကားလုံး");
    await t.db.update(user).set({ locale: "en" }).where(eq(user.id, owner.id));
  });
});
