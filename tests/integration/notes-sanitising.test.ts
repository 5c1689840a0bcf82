import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import { signUp, type SignedIn } from "../support/auth";
import { biodataBody, uploadedPhotoKey, withPhoto } from "../support/biodata";
import { describeDb } from "../support/database";
import { useTestApp } from "../support/test-app";

const ALLOWED_TAGS = new Set(["h1", "h2", "p", "br", "strong", "b", "em", "i", "u", "ol", "ul", "li", "a", "img"]);
const ALLOWED_ATTRIBUTES = new Set(["href", "rel", "target", "src", "class", "data-list"]);

/** What a hostile supplier might put into special notes, raw and obfuscated. */
const attacks: [string, string][] = [
  ["a script tag", `<script>alert("xss")</script>`],
  ["a script tag in odd case", `<ScRiPt src="https://evil.example/x.js"></sCrIpT>`],
  ["an image with onerror", `<img src=x onerror=alert(1)>`],
  ["an allowed image with an event handler", `<img src="https://example.com/a.png" onload="alert(1)">`],
  ["a javascript: link", `<a href="javascript:alert(1)">click</a>`],
  ["an entity-encoded javascript: link", `<a href="&#106;avascript:alert(1)">click</a>`],
  ["a hex-entity javascript: link", `<a href="&#x6A;&#x61;vascript&#x3A;alert(1)">click</a>`],
  ["a tab-split javascript: link", `<a href="java\tscript:alert(1)">click</a>`],
  ["an entity-tab-split javascript: link", `<a href="jav&#x09;ascript:alert(1)">click</a>`],
  ["a newline-split javascript: link", `<a href="java&#10;script:alert(1)">click</a>`],
  ["a javascript: link with leading spaces and mixed case", `<a href="  \u0001JaVaScRiPt:alert(1)">click</a>`],
  ["a data:text/html link", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>`],
  ["a vbscript: link", `<a href="vbscript:msgbox(1)">click</a>`],
  ["an SVG with onload", `<svg onload=alert(1)><circle r="5"/></svg>`],
  ["an SVG image", `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`],
  ["an iframe", `<iframe src="javascript:alert(1)"></iframe>`],
  ["an iframe with srcdoc", `<iframe srcdoc="<script>alert(1)</script>"></iframe>`],
  ["a style attribute", `<p style="background:url(javascript:alert(1))">styled</p>`],
  ["a style tag", `<style>body{display:none}</style>`],
  ["an object", `<object data="javascript:alert(1)"></object>`],
  ["a form", `<form action="https://evil.example"><input name="x"><button>go</button></form>`],
  ["a meta refresh", `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`],
  ["a math element with a link", `<math><mtext><a href="javascript:alert(1)">m</a></mtext></math>`],
  ["a broken tag", `<p>ok</p><img src="x" onerror="alert(1)"`],
  ["an event handler on an allowed tag", `<p onclick="alert(1)" onmouseover="alert(2)">hover</p>`],
  ["a class that is not an indent", `<p class="ql-indent-1 hidden-trap">indented</p>`],
  ["a comment hiding a script", `<!--<script>alert(1)</script>-->`],
  ["a data:text/html image", `<img src="data:text/html,<script>alert(1)</script>">`],
];

function assertHarmless(html: string): void {
  for (const [, tag] of html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)/g)) expect(ALLOWED_TAGS).toContain(tag!.toLowerCase());
  for (const [, attribute] of html.matchAll(/\s([a-zA-Z-]+)=/g)) expect(ALLOWED_ATTRIBUTES).toContain(attribute!.toLowerCase());
  expect(html).not.toMatch(/javascript:|vbscript:|data:text|data:image\/svg|<script|<svg|<iframe|style=|\son\w+=/i);
  for (const [, className] of html.matchAll(/class="([^"]*)"/g)) expect(className).toMatch(/^ql-indent-[1-8]$/);
}

describeDb("special notes are stored harmless", () => {
  const t = useTestApp();
  let supplier: SignedIn;

  beforeAll(async () => {
    supplier = await signUp(t, { name: "Notes Agency" });
  });

  async function storedNotes(specialNotes: string, how: "create" | "edit" = "create"): Promise<string> {
    let response = await t.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie: supplier.cookie },
      payload: await withPhoto(t, supplier, biodataBody({ specialNotes: how === "create" ? specialNotes : "<p>first</p>" })),
    });
    expect(response.statusCode).toBe(201);
    const id = response.json().id as string;
    if (how === "edit") {
      response = await t.app.inject({
        method: "PATCH",
        url: `/api/helpers/${id}`,
        headers: { cookie: supplier.cookie },
        payload: { specialNotes },
      });
      expect(response.statusCode).toBe(200);
    }
    const [row] = await t.db.select({ notes: helpers.specialNotes }).from(helpers).where(eq(helpers.id, id));
    expect(response.json().specialNotes).toBe(row!.notes);
    return row!.notes;
  }

  it.each(attacks)("removes %s", async (_name, attack) => {
    const notes = await storedNotes(`<p>Before</p>${attack}<p>After</p>`);
    assertHarmless(notes);
    expect(notes).toContain("<p>Before</p>");
  });

  it("removes the whole corpus at once, also when notes are edited", async () => {
    const notes = await storedNotes(attacks.map(([, attack]) => attack).join("\n"), "edit");
    assertHarmless(notes);
  });

  it("keeps what the editor's toolbar makes", async () => {
    const editorHtml = [
      `<h1>Profile</h1>`,
      `<h2 class="ql-indent-1">Skills</h2>`,
      `<p>Cooks <strong>Chinese</strong>, <b>Malay</b>, <em>Indian</em>, <i>Western</i> and <u>Filipino</u> food.<br>Swims.</p>`,
      `<ol><li>Cooking</li><li>Ironing</li></ol>`,
      `<ul><li>Infant care<ul><li>Twins</li></ul></li></ul>`,
      `<ol><li data-list="bullet">Bullet from the editor</li><li data-list="ordered" class="ql-indent-2">Numbered</li></ol>`,
      `<p class="ql-indent-8">Deep</p>`,
      `<p><a href="https://example.com/reference?a=1&amp;b=2">Reference</a> <a href="mailto:agent@example.com">Mail</a> <a href="tel:+6591234567">Call</a></p>`,
      `<p><img src="data:image/png;base64,iVBORw0KGgo="></p>`,
    ].join("");
    const notes = await storedNotes(editorHtml);
    assertHarmless(notes);
    expect(notes).toContain("<h1>Profile</h1>");
    expect(notes).toContain(`<h2 class="ql-indent-1">Skills</h2>`);
    expect(notes).toContain("<strong>Chinese</strong>, <b>Malay</b>, <em>Indian</em>, <i>Western</i> and <u>Filipino</u>");
    expect(notes).toMatch(/Western<\/i> and <u>Filipino<\/u> food\.<br \/>Swims\./);
    expect(notes).toContain("<ol><li>Cooking</li><li>Ironing</li></ol>");
    expect(notes).toContain("<ul><li>Infant care<ul><li>Twins</li></ul></li></ul>");
    expect(notes).toContain(`<li data-list="bullet">Bullet from the editor</li>`);
    expect(notes).toMatch(/<li (class="ql-indent-2" data-list="ordered"|data-list="ordered" class="ql-indent-2")>Numbered<\/li>/);
    expect(notes).toContain(`<p class="ql-indent-8">Deep</p>`);
    expect(notes).toContain(
      `<a href="https://example.com/reference?a=1&amp;b=2" rel="noopener noreferrer nofollow" target="_blank">Reference</a>`,
    );
    expect(notes).toContain(`<a href="mailto:agent@example.com" rel="noopener noreferrer nofollow" target="_blank">Mail</a>`);
    expect(notes).toContain(`<a href="tel:+6591234567" rel="noopener noreferrer nofollow" target="_blank">Call</a>`);
    expect(notes).toContain(`<img src="data:image/png;base64,iVBORw0KGgo=" />`);
  });

  it("keeps a picture uploaded to this site, as a path on this site whatever host the editor wrote", async () => {
    const key = await uploadedPhotoKey(t, supplier.cookie);
    const notes = await storedNotes(
      `<p><img src="http://localhost:3000/media/${key}.webp"><img src="https://tracker.example/media/${key}-thumb.webp"></p>`,
    );
    expect(notes).toBe(`<p><img src="/media/${key}.webp" /><img src="/media/${key}-thumb.webp" /></p>`);
  });

  it.each([
    ["another host", "https://tracker.example/pixel.png"],
    ["another host, protocol-relative", "//tracker.example/media/helpers/abcdefgh12.webp"],
    ["this site with a query that could identify the reader", "/media/helpers/abcdefgh12.webp?visitor=1"],
    ["this site outside the media folder", "/api/helpers?pageSize=1"],
    ["a path that climbs out of the media folder", "/media/../api/leads.webp"],
  ])("drops a picture from %s, which could tell its owner who reads the biodata", async (_where, src) => {
    const notes = await storedNotes(`<p>Photo:</p><p><img src="${src}"></p>`, "edit");
    expect(notes).not.toContain("<img");
    expect(notes).toContain("<p>Photo:</p>");
  });

  it("keeps the words of removed markup as text, escaped", async () => {
    const notes = await storedNotes(`<p>Age &lt; 30 &amp; <span style="color:red">kind</span> <div>honest</div></p>`);
    expect(notes).toContain("Age &lt; 30 &amp; kind");
    expect(notes).toContain("honest");
  });

  it("stores an editor left empty as no notes", async () => {
    expect(await storedNotes("<p><br></p>")).toBe("");
  });
});
