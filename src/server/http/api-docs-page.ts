/**
 * GET /api/docs: the OpenAPI document as one plain HTML page, made from the document itself once.
 * No script and nothing fetched from elsewhere, so the page needs no client bundle and keeps a
 * closed policy: its one stylesheet is allowed by its hash (docs/decisions/091).
 */
import { createHash } from "node:crypto";

type Json = Record<string, unknown>;

interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Json[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Json }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Json }> }>;
}

interface Document {
  info?: { title?: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Json>; securitySchemes?: Record<string, Json> };
}

const METHODS = ["get", "post", "put", "patch", "delete"];
/** Nesting shown before a schema is cut short (every request and answer of the site fits). */
const MAX_DEPTH = 6;

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1b1f23;background:#fff}
main{max-width:64rem;margin:0 auto;padding:1rem 1.25rem 4rem}
h1{font-size:1.8rem;margin:.5rem 0}h2{margin-top:2.5rem;border-bottom:2px solid #0f5f5a;padding-bottom:.25rem}
h3{font-size:1.1rem;margin:0}h4{margin:1rem 0 .25rem;font-size:1rem}
article{border:1px solid #d0d7de;border-radius:6px;padding:.75rem 1rem;margin:1rem 0}
code{font:.9em ui-monospace,monospace;background:#f3f4f6;padding:0 .2em;border-radius:3px}
.method{display:inline-block;min-width:4.5em;font:700 .85em ui-monospace,monospace;color:#fff;background:#0f5f5a;border-radius:3px;padding:.1em .4em;margin-right:.4em;text-align:center}
.auth{color:#7a4b00}.muted{color:#57606a}
table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:.25rem .5rem;border-top:1px solid #e5e7eb}
ul.schema{margin:.25rem 0;padding-left:1.25rem}dl{margin:0}dt{font-weight:700;margin-top:.5rem}dd{margin-left:1.25rem}
details summary{cursor:pointer;color:#0f5f5a}a{color:#0f5f5a}
`;

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The document's prose: paragraphs and `code`, nothing else of Markdown. */
function prose(text: string | undefined): string {
  if (!text) return "";
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escape(paragraph.trim()).replace(/`([^`]+)`/g, "<code>$1</code>")}</p>`)
    .join("");
}

function inline(text: string | undefined): string {
  return prose(text).replace(/<\/?p>/g, "");
}

function refName(ref: string): string {
  return ref.replace("#/components/schemas/", "");
}

function anchor(...parts: string[]): string {
  return parts
    .join("-")
    .replace(/[^A-Za-z0-9_]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** A schema's type in a few words: `string`, `list of integer`, `Error`, `string or null`. */
function typeWords(schema: Json | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return "any";
  if (typeof schema.$ref === "string") return refName(schema.$ref);
  const union = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as Json[] | undefined;
  if (union) return union.map(typeWords).join(schema.allOf ? " and " : " or ");
  const type = schema.type;
  const types = Array.isArray(type) ? (type as string[]) : [typeof type === "string" ? type : "object"];
  return types.map((name) => (name === "array" ? `list of ${typeWords(schema.items as Json | undefined)}` : name)).join(" or ");
}

const LIMIT_WORDS: [string, string][] = [
  ["minLength", "at least %s character(s)"],
  ["maxLength", "at most %s character(s)"],
  ["minimum", "from %s"],
  ["maximum", "up to %s"],
  ["maxItems", "at most %s item(s)"],
  ["pattern", "matches %s"],
  ["format", "%s"],
  ["contentMediaType", "%s"],
  ["default", "default %s"],
];

/** zod writes every integer's bounds; those of JavaScript's safe integers say nothing. */
const isSafeIntegerBound = (value: unknown) => value === Number.MAX_SAFE_INTEGER || value === Number.MIN_SAFE_INTEGER;

function limits(given: Json): string {
  // `string or null` and the like: the bounds are the non-null branch's.
  const branches = ((given.anyOf ?? given.oneOf) as Json[] | undefined) ?? [];
  const schema = Object.assign({}, ...branches.filter((branch) => branch.type !== "null"), given) as Json;
  const shown = LIMIT_WORDS.filter(([key]) => schema[key] !== undefined && !isSafeIntegerBound(schema[key]));
  const words = shown.map(([key, text]) => {
    const value = schema[key];
    const plural = text.replace("(s)", value === 1 ? "" : "s");
    return plural.replace("%s", `<code>${escape(typeof value === "string" ? value : JSON.stringify(value))}</code>`);
  });
  if (Array.isArray(schema.enum)) words.push(`one of ${schema.enum.map((value) => `<code>${escape(String(value))}</code>`).join(", ")}`);
  return words.join(", ");
}

/** The schemas inside a schema that have fields of their own, to show beneath it. */
function inner(schema: Json): Json | undefined {
  if (schema.properties) return schema;
  if (schema.items && typeof schema.items === "object") return inner(schema.items as Json);
  if (schema.additionalProperties && typeof schema.additionalProperties === "object") return inner(schema.additionalProperties as Json);
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const found = ((schema[key] as Json[] | undefined) ?? []).map(inner).find(Boolean);
    if (found) return found;
  }
  return undefined;
}

function fields(schema: Json, depth: number): string {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const items = Object.entries(properties).map(([name, property]) => {
    const facts = [typeWords(property), required.has(name) ? "required" : "", limits(property)].filter(Boolean).join(", ");
    const description = typeof property.description === "string" ? ` — ${inline(property.description)}` : "";
    return `<li><code>${escape(name)}</code> <span class="muted">${facts}</span>${description}${schemaFields(property, depth + 1)}</li>`;
  });
  const map = schema.additionalProperties;
  if (map && typeof map === "object" && items.length === 0) {
    items.push(`<li><span class="muted">any name: ${typeWords(map as Json)}</span>${schemaFields(map as Json, depth + 1)}</li>`);
  }
  return items.length > 0 ? `<ul class="schema">${items.join("")}</ul>` : "";
}

function schemaFields(schema: Json, depth: number): string {
  if (depth > MAX_DEPTH) return "";
  const found = inner(schema);
  return found ? fields(found, depth) : "";
}

function schemaBlock(schema: Json | undefined): string {
  if (!schema) return "";
  const head = `<span class="muted">${escape(typeWords(schema))}</span>`;
  const link = typeof schema.$ref === "string" ? ` (<a href="#${anchor("schema", refName(schema.$ref))}">see below</a>)` : "";
  return `${head}${link}${schemaFields(schema, 0)}`;
}

function parameters(operation: Operation): string {
  const list = operation.parameters ?? [];
  if (list.length === 0) return "";
  const rows = list.map((param) => {
    const schema = param.schema ?? {};
    const description = param.description ?? (typeof schema.description === "string" ? schema.description : "");
    return `<tr><td><code>${escape(param.name)}</code></td><td>${escape(param.in)}${param.required ? ", required" : ""}</td><td>${escape(typeWords(schema))}</td><td>${prose(description)}</td></tr>`;
  });
  return `<h4>Parameters</h4><table><thead><tr><th>name</th><th>in</th><th>type</th><th>meaning</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function body(operation: Operation): string {
  const content = operation.requestBody?.content ?? {};
  return Object.entries(content)
    .map(
      ([type, media]) =>
        `<h4>Body (<code>${escape(type)}</code>)</h4><details><summary>Fields</summary>${schemaBlock(media.schema)}</details>`,
    )
    .join("");
}

function responses(operation: Operation): string {
  const entries = Object.entries(operation.responses ?? {}).map(([status, response]) => {
    const media = Object.entries(response.content ?? {});
    const shown = media.map(([type, { schema }]) => {
      const isError = schema?.$ref === "#/components/schemas/Error";
      const block = schemaBlock(schema);
      return isError || !block
        ? ` <code>${escape(type)}</code>: ${block}`
        : `<details><summary><code>${escape(type)}</code></summary>${block}</details>`;
    });
    return `<dt>${escape(status)}</dt><dd>${inline(response.description)}${shown.join("")}</dd>`;
  });
  return `<h4>Answers</h4><dl>${entries.join("")}</dl>`;
}

function operationBlock(path: string, method: string, operation: Operation): string {
  const auth = operation.security?.length ? `<p class="auth">Needs a signed-in session (the session cookie).</p>` : "";
  return [
    `<article id="${anchor("op", method, path)}">`,
    `<h3><span class="method">${method.toUpperCase()}</span><code>${escape(path)}</code></h3>`,
    `<p><strong>${escape(operation.summary ?? "")}</strong></p>`,
    auth,
    prose(operation.description),
    parameters(operation),
    body(operation),
    responses(operation),
    `</article>`,
  ].join("");
}

export function renderApiDocsPage(openapi: object): { html: string; csp: string } {
  const document = openapi as Document;
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method]! })),
  );
  const tags = document.tags ?? [];
  const sections = tags.map((tag) => {
    const own = operations.filter(({ operation }) => operation.tags?.[0] === tag.name);
    const list = own.map(({ path, method, operation }) => operationBlock(path, method, operation)).join("");
    return `<section id="${anchor("tag", tag.name)}"><h2>${escape(tag.name)}</h2>${prose(tag.description)}${list}</section>`;
  });
  const contents = tags
    .map((tag) => {
      const own = operations.filter(({ operation }) => operation.tags?.[0] === tag.name);
      const links = own.map(
        ({ path, method, operation }) =>
          `<li><a href="#${anchor("op", method, path)}"><code>${method.toUpperCase()} ${escape(path)}</code></a> ${escape(operation.summary ?? "")}</li>`,
      );
      return `<li><a href="#${anchor("tag", tag.name)}">${escape(tag.name)}</a><ul>${links.join("")}</ul></li>`;
    })
    .join("");
  const schemas = Object.entries(document.components?.schemas ?? {})
    .map(
      ([name, schema]) =>
        `<article id="${anchor("schema", name)}"><h3>${escape(name)}</h3>${prose(schema.description as string | undefined)}${schemaBlock(schema)}</article>`,
    )
    .join("");
  const title = escape(document.info?.title ?? "API");
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${title}</title><style>${STYLE}</style></head><body><main>`,
    `<h1>${title}</h1>`,
    `<p>The same as an OpenAPI 3.1 document: <a href="/api/docs/json">/api/docs/json</a>.</p>`,
    prose(document.info?.description),
    `<nav aria-label="Contents"><h2>Contents</h2><ul>${contents}<li><a href="#schemas">schemas</a></li></ul></nav>`,
    sections.join(""),
    `<section id="schemas"><h2>schemas</h2>${schemas}</section>`,
    `</main></body></html>`,
  ].join("\n");
  const styleHash = createHash("sha256").update(STYLE, "utf8").digest("base64");
  const csp = `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  return { html, csp };
}
