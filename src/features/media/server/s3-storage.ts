import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { Config } from "../../../server/config";
import { assertSafeName, assertSafePrefix, contentTypeOf, type MediaStorage } from "./storage";

export function s3Storage(options: NonNullable<Config["s3"]>): MediaStorage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const Bucket = options.bucket;
  return {
    kind: "s3",
    async put(name, body, contentType) {
      assertSafeName(name);
      await client.send(new PutObjectCommand({ Bucket, Key: name, Body: body, ContentType: contentType }));
    },
    async get(name) {
      try {
        assertSafeName(name);
      } catch {
        return undefined;
      }
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        if (!object.Body) return undefined;
        return {
          body: object.Body as Readable,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? contentTypeOf(name),
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return undefined;
        throw error;
      }
    },
    async delete(name) {
      assertSafeName(name);
      await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
    },
    async list(prefix) {
      assertSafePrefix(prefix);
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) names.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return names;
    },
  };
}
