/**
 * A local S3-compatible server for storage tests: s3rver on a free loopback port, its files in
 * a temporary folder, with one bucket; `env` configures the app to use it.
 */
import { mkdtemp, rm, unlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import FilesystemStore from "s3rver/lib/stores/filesystem.js";

// s3rver keeps objects as files in folders named after their keys, and removes a folder when its
// last object is deleted. An upload into that folder at that moment (a biodata's new link preview
// while the old one is removed) then finds no folder, and the error escapes s3rver unhandled. S3
// has no folders: here deleting an object removes its files and leaves the folders.
FilesystemStore.prototype.deleteObject = async function deleteObject(bucket, key) {
  await Promise.all(
    ["object", "object.md5", "metadata.json"].map((resource) =>
      unlink(this.getResourcePath(bucket, key, resource)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      }),
    ),
  );
};

export interface TestS3 {
  env: Record<string, string>;
  /** Every object name in the bucket. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = "helpers-test"): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "dh-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's fixed credentials.
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials });
  return {
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async keys() {
      const listing = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listing.Contents ?? []).map((object) => object.Key!).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
