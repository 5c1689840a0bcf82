/**
 * A family reading in Chinese on a phone: a biodata at /zh/posts/:id, onto the shortlist, the
 * shortlist at /zh/shortlist, the biodata's PDF in Chinese, and a first message to her supplier,
 * every page and address staying in Chinese. What suppliers typed stays as typed.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import { browserMissing } from "../support/browser";
import { newPage, siteInBrowser } from "../support/e2e";
import { uniqueSgMobile } from "../support/notify";
import { pdfText } from "../support/pdf-text";

const PHONE = { width: 390, height: 844 };

describe.skipIf(browserMissing)("a family reading a biodata in Chinese", () => {
  const running = siteInBrowser();

  it("reads the biodata, shortlists her, compares, opens the Chinese PDF and messages her supplier, all in Chinese", async () => {
    const [helper] = await running.site.db
      .select({ id: helpers.id, name: helpers.name, ref: helpers.ref })
      .from(helpers)
      .where(and(eq(helpers.status, "available")))
      .limit(1);
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/zh/posts/${helper!.id}`);
    await page.getByRole("heading", { level: 1, name: helper!.name }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("zh-Hans");
    for (const heading of ["个人资料", "健康与饮食", "技能", "工作经历", "可上岗时间", "特别说明"]) {
      expect(await page.getByRole("heading", { level: 2, name: heading }).count(), heading).toBe(1);
    }
    const main = (await page.locator("main").textContent())!;
    expect(main).toContain(`编号 ${helper!.ref}`);
    expect(main).toMatch(/现可开工|起可开工/);
    for (const english of ["Back to results", "Special notes", "Employment history", "Download biodata"])
      expect(main).not.toContain(english);
    // The gate link and the WhatsApp message are in Chinese too.
    const gate = await page.getByRole("link", { name: "留下姓名和电话号码即可查看" }).getAttribute("href");
    expect(gate).toMatch(/^\/zh\/filters\?redirectTo=%2Fzh%2Fposts%2F/);
    const whatsapp = await page.locator(".biodata-main a.whatsapp").getAttribute("href");
    expect(new URL(whatsapp!).searchParams.get("text")).toBe(
      `您好，我对女佣 ${helper!.name}（编号 ${helper!.ref}）有兴趣，请尽快与我联系。`,
    );

    // Onto the shortlist, then the shortlist in Chinese.
    const toggle = page.getByRole("button", { name: new RegExp(`加入候选.*${helper!.name}`) });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
    const pdfHref = await page.getByRole("link", { name: "下载简历（PDF）" }).getAttribute("href");
    expect(pdfHref).toBe(`/posts/${helper!.id}/biodata.pdf?lang=zh`);
    await page
      .getByRole("banner")
      .getByRole("link", { name: /候选名单/ })
      .click();
    await page.waitForURL(/\/zh\/shortlist\?ids=/);
    await page.getByRole("heading", { level: 1, name: "您的候选名单" }).waitFor();
    const table = page.getByRole("table");
    expect(await table.getByRole("columnheader", { name: helper!.name }).count()).toBe(1);
    for (const row of ["编号", "月薪", "可上岗时间", "中介"])
      expect(await table.getByRole("rowheader", { name: row }).count(), row).toBe(1);
    const send = await page.getByRole("link", { name: "通过 WhatsApp 发送" }).getAttribute("href");
    const message = new URL(send!).searchParams.get("text")!;
    expect(message).toContain(`${helper!.name}（编号 ${helper!.ref}）`);
    expect(message).toContain(`/zh/shortlist?ids=${helper!.id}`);

    // The PDF the biodata page links to: its headings read back in Chinese.
    const pdf = await context.request.get(`${running.site.url}${pdfHref}`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const { text } = await pdfText(await pdf.body());
    for (const heading of ["外籍家庭帮佣（女佣）简历", "A. 女佣个人资料", "B. 女佣技能", "C. 女佣工作经历"])
      expect(text).toContain(heading);
    expect(text).toContain(helper!.name);
    expect(text).not.toContain("A. PROFILE OF FDW");

    // Message the supplier from the compare table: the gate, then the first message, in Chinese.
    await table.getByRole("link", { name: `联系中介 咨询 ${helper!.name}` }).click();
    await page.waitForURL(/\/zh\/filters\?redirectTo=/);
    await page.locator('input[name="name"]').fill("陈家");
    await page.locator('input[name="phone"]').fill(uniqueSgMobile().typed);
    await page.locator("#visitor-gate button[type=submit]").click();
    await page.waitForURL(new RegExp(`/zh/posts/${helper!.id}/message$`));
    await page.getByRole("heading", { level: 1, name: `就 ${helper!.name} 联系中介` }).waitFor();
    await page.getByLabel("您的消息").fill("请问她什么时候可以上岗？");
    await page.getByRole("button", { name: "发送消息" }).click();
    await page.waitForURL(/\/zh\/messages\/[0-9a-f-]{36}$/);
    await page.getByText("请问她什么时候可以上岗？").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("关于");
    await page.getByRole("link", { name: "‹ 全部对话" }).click();
    await page.waitForURL(/\/zh\/messages$/);
    await page.getByRole("heading", { level: 1, name: "我的空间" }).waitFor();
    expect(await page.locator(".conversation-list").textContent()).toContain("1 条消息");

    await context.close();
  }, 90_000);

  it("keeps the English biodata page in English", async () => {
    const [helper] = await running.site.db
      .select({ id: helpers.id, name: helpers.name })
      .from(helpers)
      .where(eq(helpers.status, "available"))
      .limit(1);
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/posts/${helper!.id}`);
    await page.getByRole("heading", { level: 1, name: helper!.name }).waitFor();
    for (const heading of ["Personal", "Skills", "Employment history", "Availability", "Special notes"]) {
      expect(await page.getByRole("heading", { level: 2, name: heading }).count(), heading).toBe(1);
    }
    expect(await page.getByRole("link", { name: "Download biodata (PDF)" }).getAttribute("href")).toBe(`/posts/${helper!.id}/biodata.pdf`);
    await context.close();
  });
});
