import { brotliDecompressSync } from "node:zlib";
import { beforeAll, expect, it } from "vitest";
import { describeDb } from "../support/database";
import { createHelper, createSupplier } from "../support/factories";
import { usePageApp } from "../support/pages";

/** The biodata, suppliers', privacy, shortlist and conversation pages a family reads, in Chinese. */
describeDb("the family's pages in Chinese", () => {
  const t = usePageApp();
  let helperId: string;
  let helperRef: string;
  beforeAll(async () => {
    const supplier = await createSupplier(t.db, { companyName: "Harbour Care Agency" });
    const helper = await createHelper(t, supplier.id, { name: "Siti Aminah", status: "available" });
    helperId = helper.id;
    helperRef = helper.ref;
  });

  const page = async (url: string) => {
    const response = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
    expect(response.statusCode, url).toBe(200);
    const html = brotliDecompressSync(response.rawPayload).toString("utf8");
    expect(html, url).toContain('<html lang="zh-Hans"');
    return html;
  };
  const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  it("a biodata: headings, labels, availability, title and link preview in Chinese; the PDF link asks for Chinese", async () => {
    const html = await page(`/zh/posts/${helperId}`);
    expect(title(html)).toMatch(new RegExp(`^Siti Aminah（${helperRef}）— .+女佣 — `));
    for (const words of ["个人资料", "健康与饮食", "技能", "工作经历", "可上岗时间", "特别说明", `编号 ${helperRef}`, "下载简历（PDF）"]) {
      expect(html).toContain(words);
    }
    expect(html).toMatch(/<meta property="og:url" content="[^"]*\/zh\/posts\/[0-9a-f-]+"/);
    expect(html).toMatch(/<meta name="description" content="[^"]*家庭帮佣 · [^"]*月薪 \$/);
    expect(html).toContain(`href="/posts/${helperId}/biodata.pdf?lang=zh"`);
    for (const english of [
      "Back to results",
      "Special notes",
      "Employment history",
      "Medical and diet",
      "Download biodata",
      "More helpers like this",
    ]) {
      expect(html).not.toContain(english);
    }
  });

  it("the suppliers' page, the privacy policy, your data, the shortlist and your conversations", async () => {
    // Address, heading (and the title's start), words in Chinese, English words that must not be left.
    const pages: [string, string, string[], string[]][] = [
      ["/zh/authors", "海外中介", ["Harbour Care Agency", "位可聘用女佣"], ["Overseas Suppliers", "available helper"]],
      [
        "/zh/privacy-policy",
        "隐私政策",
        ["我们收集的资料", "《2012年个人资料保护法》", "<strong>电话号码</strong>"],
        ["Information we collect", "Your rights"],
      ],
      ["/zh/privacy/my-data", "您的资料", ["撤回同意并删除我的资料", 'href="/zh/filters"'], ["Withdraw consent", "filters page"]],
      ["/zh/shortlist", "您的候选名单", ["浏览女佣"], ["No helper on your shortlist", "Browse helpers"]],
      [
        "/zh/messages",
        "我的空间",
        ["您的对话", "此浏览器中还没有对话", "您的候选名单"],
        ["Your conversations", "No conversations", "My space"],
      ],
    ];
    for (const [url, heading, chinese, english] of pages) {
      const html = await page(url);
      expect(html, url).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(title(html), url).toMatch(new RegExp(`^(您的)?${heading.replace(/^您的/, "")} — `));
      for (const words of chinese) expect(html, url).toContain(words);
      for (const words of english) expect(html, url).not.toContain(words);
    }
  });

  it("the same pages in English are as they were", async () => {
    const english = async (url: string) => {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      return response.body;
    };
    expect(await english(`/posts/${helperId}`)).toContain("Special notes");
    expect(await english("/authors")).toContain("Overseas Suppliers");
    expect(await english("/privacy-policy")).toContain(
      "When you use our filters we ask for your <strong>name</strong> and <strong>phone number</strong>",
    );
    expect(await english("/shortlist")).toContain("No helper on your shortlist yet.");
  });
});
