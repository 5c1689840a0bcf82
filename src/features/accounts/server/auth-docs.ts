/**
 * better-auth answers /api/auth/* itself (auth-routes.ts), so Fastify knows one wildcard route
 * there. Its endpoints are read from the running instance for the API document instead: each
 * path, method and better-auth's own words, and the body and query as its zod schemas declare
 * them. Answers are better-auth's and are not described beyond that.
 */
import { z } from "zod";
import { ALLOWED_FIELDS } from "./account-guard";
import type { Auth } from "./auth";
import { AUTH_BASE_PATH } from "./auth";
import { authEndpointServed } from "./auth-served";

interface AuthEndpoint {
  path?: string;
  options?: {
    method?: string | string[];
    body?: unknown;
    query?: unknown;
    metadata?: { SERVER_ONLY?: boolean; openapi?: { description?: string } };
  };
}

type JsonSchema = Record<string, unknown>;

const METHODS = ["GET", "POST"] as const;

/** better-auth's endpoints that act on the signed-in account: the session cookie or a 401. */
const SESSION_NEEDED = new Set([
  "/sign-out",
  "/change-email",
  "/change-password",
  "/update-user",
  "/delete-user",
  "/update-session",
  "/verify-password",
  "/list-sessions",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
]);
/** Answered with or without a session: who is signed in (none: null), a confirmation mail sent again. */
const SESSION_OPTIONAL = new Set(["/get-session", "/send-verification-email"]);

function securityOf(path: string) {
  if (SESSION_NEEDED.has(path)) return [{ session: [] }];
  return SESSION_OPTIONAL.has(path) ? [{}, { session: [] }] : [];
}

const authError = {
  type: "object",
  properties: {
    message: { type: "string" },
    code: { type: "string" },
    fields: { type: "object", additionalProperties: { type: "string" } },
  },
  required: ["message"],
};

/** The JSON schema of a zod schema as a request gives it, or none when it cannot stand alone. */
function inputSchema(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  const json: JsonSchema = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" });
  delete json.$schema;
  // A schema that refers to itself would point outside this document.
  return JSON.stringify(json).includes('"$ref"') ? undefined : json;
}

function summaryOf(name: string, description: string | undefined): string {
  const first = description?.split(/(?<=\.)\s/)[0]?.replace(/\.$/, "");
  if (first) return first;
  // changeEmail: "Change email"; callbackOAuth: "Callback OAuth".
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/ ([A-Z][a-z]+)\b/g, (word) => word.toLowerCase());
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function operation(name: string, endpoint: AuthEndpoint, method: string, pathParams: string[]) {
  const options = endpoint.options ?? {};
  const own = options.metadata?.openapi?.description;
  const allowed = endpoint.path ? ALLOWED_FIELDS[endpoint.path] : undefined;
  // The site holds these to its profile form (account-guard.ts), whatever better-auth would take.
  const rule = allowed
    ? `The site takes only ${allowed.map((field) => `\`${field}\``).join(", ")} here, checked as the profile form checks them; any other field is refused (400 \`FIELD_NOT_ALLOWED\`).`
    : undefined;
  const description = [own, rule].filter(Boolean).join("\n\n") || undefined;
  const query = inputSchema(options.query);
  const queryProperties = (query?.properties ?? {}) as Record<string, JsonSchema>;
  const queryRequired = new Set((query?.required as string[] | undefined) ?? []);
  const body = method === "POST" ? inputSchema(options.body) : undefined;
  return {
    tags: ["accounts"],
    summary: summaryOf(name, own),
    ...(description ? { description } : {}),
    operationId: `auth.${name}.${method.toLowerCase()}`,
    security: securityOf(endpoint.path ?? ""),
    parameters: [
      ...pathParams.map((param) => ({ name: param, in: "path", required: true, schema: { type: "string" } })),
      ...Object.entries(queryProperties).map(([param, schema]) => ({
        name: param,
        in: "query",
        required: queryRequired.has(param),
        schema,
      })),
    ],
    ...(body ? { requestBody: { required: true, content: { "application/json": { schema: body } } } } : {}),
    responses: {
      200: { description: "better-auth's answer (JSON)" },
      "4XX": {
        description: "Refused by better-auth or by the site's rules for accounts",
        content: { "application/json": { schema: authError } },
      },
    },
  };
}

/** better-auth's HTTP endpoints as OpenAPI paths, under /api/auth. */
export function authApiPaths(auth: Auth): Record<string, Record<string, object>> {
  const paths: Record<string, Record<string, object>> = {};
  for (const [name, endpoint] of Object.entries(auth.api as unknown as Record<string, AuthEndpoint>)) {
    // Endpoints without a path, or only for the server's own calls, are not reachable over HTTP.
    if (!endpoint.path || endpoint.options?.metadata?.SERVER_ONLY || !authEndpointServed(endpoint.path)) continue;
    const pathParams = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    const url = AUTH_BASE_PATH + endpoint.path.replace(/:(\w+)/g, "{$1}");
    const declared = endpoint.options?.method;
    const methods = (Array.isArray(declared) ? declared : [declared]).filter((m): m is (typeof METHODS)[number] =>
      (METHODS as readonly (string | undefined)[]).includes(m),
    );
    for (const method of methods) {
      paths[url] = { ...paths[url], [method.toLowerCase()]: operation(name, endpoint, method, pathParams) };
    }
  }
  return paths;
}
