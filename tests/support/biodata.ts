/**
 * Biodata and photos for tests: a valid helper body to send to the API, images made by sharp,
 * and uploads sent as the browser sends them (multipart/form-data).
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
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

/** A supplier publishes a biodata through the API: the body above with the parts a test is about. */
export async function publishBiodata(t: TestApp, cookie: string, name: string, parts: Record<string, unknown> = {}): Promise<void> {
  const response = await t.app.inject({ method: "POST", url: "/api/helpers", headers: { cookie }, payload: biodataBody({ name, ...parts }) });
  if (response.statusCode !== 201) throw new Error(response.body);
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
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

export async function upload(
  t: TestApp,
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
export async function uploadedPhotoKey(t: TestApp, cookie: string): Promise<string> {
  const response = await upload(t, cookie, { data: await samplePng(300, 400) });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json().key as string;
}
