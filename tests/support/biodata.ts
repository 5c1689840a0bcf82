/**
 * Biodata and photos for tests: a valid helper body to send to the API (the old fields, or the
 * full standard form), images made by sharp, and uploads sent as the browser sends them
 * (multipart/form-data). An available biodata needs a photo, so publishing uploads one.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { user } from "../../src/features/accounts/server/tables";
import type { SignedIn } from "./auth";
import type { TestApp } from "./test-app";

/** Everything a new biodata needs, valid today; a test overrides what it is about. */
export function biodataBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Maria Santos",
    nationality: "Philippines",
    experience: "Ex-Singapore",
    singaporeExperience: "4 years with a family in Bukit Timah",
    salary: 750,
    offDays: 4,
    dateOfBirth: "1990-05-15",
    heightCm: 155,
    weightKg: 52,
    marital: "Single",
    childrenAges: null,
    religion: "Catholic",
    english: "good",
    motherTongue: "Tagalog",
    otherLanguages: ["English"],
    education: "High school",
    cares: ["Infant care", "Elderly care"],
    specialNotes: "<p>Cooks Filipino and Chinese food.</p>",
    status: "available",
    ...overrides,
  };
}

/** The private details of the full biodata: never on public pages, the public API or the public PDF. */
export const PRIVATE_VALUES = {
  homeAddress: "88 Rizal Street, Barangay San Roque, Iloilo",
  repatriationPort: "Iloilo International Airport",
  homePhone: "+63 917 555 0199",
} as const;

/** Every part of the standard form filled in, private details included; a test overrides what it is about. */
export function fullBiodata(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return biodataBody({
    placeOfBirth: "Iloilo City",
    siblings: 4,
    ...PRIVATE_VALUES,
    allergies: "Shellfish",
    illnesses: ["asthma", "operations"],
    illnessOther: null,
    disabilities: null,
    dietaryRestrictions: "No beef",
    handlesPork: true,
    handlesBeef: false,
    foodHandlingOther: "Will not cook beef but may serve it",
    otherRemarks: "Likes to sing with the children.",
    skillsEvaluation: "overseas-centre",
    skillsEvaluationOther: null,
    skills: {
      infant: { willing: true, experienced: true, years: 3, rating: 5, detail: "0–12 months", note: "Bathed twins daily" },
      cooking: { willing: true, experienced: true, years: 6, rating: 4, detail: "Filipino and Chinese", note: null },
      elderly: { willing: true, experienced: false, years: null, rating: null, detail: null, note: null },
      english: { willing: true, experienced: true, years: 10, rating: 3, detail: null, note: null },
    },
    employment: [
      {
        from: "2019-03",
        to: "2023-02",
        country: "Hong Kong",
        employer: "Mr Chan",
        duties: "Care of twins and cooking",
        remarks: "Contract completed",
        feedback: "Very patient with the babies",
      },
      {
        from: "2015-06",
        to: "2018-12",
        country: "Singapore",
        employer: "Mdm Lim",
        duties: "Housework and marketing",
        remarks: null,
        feedback: null,
      },
    ],
    workedInSingapore: true,
    availableFrom: null,
    interview: ["phone", "video"],
    ...overrides,
  });
}

export interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export function multipart(parts: (FilePart | { name: string; value: string })[]) {
  const boundary = `----dh${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("data" in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from("\r\n"),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A small photo-like PNG: a coloured gradient, so it is not trivially compressible. */
export async function samplePng(width = 600, height = 800): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** What these helpers need of an app: somewhere to send requests (a test app, or a running site's). */
type Injects = Pick<TestApp, "app">;
/** …and its database, to act as a user without a request. */
type Stores = Pick<TestApp, "app" | "db">;

export async function upload(
  t: Injects,
  cookie: string | undefined,
  file: Partial<FilePart> & { data: Buffer },
  options: { purpose?: string } = {},
) {
  const body = multipart([
    ...(options.purpose ? [{ name: "purpose", value: options.purpose }] : []),
    { name: "file", filename: "photo.png", contentType: "image/png", ...file },
  ]);
  return t.app.inject({
    method: "POST",
    url: "/api/uploads",
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

/** Uploads a fresh photo as this user and returns its key. */
export async function uploadedPhotoKey(t: Injects, cookie: string): Promise<string> {
  const response = await upload(t, cookie, { data: await samplePng(300, 400) });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json().key as string;
}

let photoPng: Promise<Buffer> | undefined;

/**
 * A photo stored as this user's own upload: the same checks and owner record as
 * POST /api/uploads (decision 030), without its per-minute limit, since tests publish dozens.
 */
export async function ownPhotoKey(t: Stores, who: { id: string }): Promise<string> {
  const [row] = await t.db.select().from(user).where(eq(user.id, who.id)).limit(1);
  if (!row) throw new Error(`No user ${who.id}`);
  const viewer = {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role === "operator" ? ("operator" as const) : ("supplier" as const),
    image: row.image ?? null,
    locale: null,
  };
  photoPng ??= samplePng(300, 400);
  return (await t.app.services.media.store(viewer, "helper", await photoPng)).key;
}

/**
 * The body with a photo of this user's when it would be published without one (an available
 * biodata needs a photo, decision 061); a draft, or a body naming its photo, goes as it is.
 */
export async function withPhoto(t: Stores, who: { id: string }, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  if ((body.status ?? "available") !== "available" || "photo" in body) return body;
  return { ...body, photo: await ownPhotoKey(t, who) };
}

/** A supplier publishes a biodata through the API: the body above with the parts a test is about, and a photo of theirs. */
export async function publishBiodata(t: Stores, who: SignedIn, name: string, parts: Record<string, unknown> = {}): Promise<void> {
  const payload = await withPhoto(t, who, biodataBody({ name, ...parts }));
  const response = await t.app.inject({ method: "POST", url: "/api/helpers", headers: { cookie: who.cookie }, payload });
  if (response.statusCode !== 201) throw new Error(response.body);
}

/** The same with every part of the standard form filled in (fullBiodata); answers the new biodata's id. */
export async function publishFullBiodata(t: Stores, who: SignedIn, overrides: Record<string, unknown> = {}): Promise<string> {
  const payload = await withPhoto(t, who, fullBiodata(overrides));
  const response = await t.app.inject({ method: "POST", url: "/api/helpers", headers: { cookie: who.cookie }, payload });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().id;
}
