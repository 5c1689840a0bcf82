/**
 * A local S3-compatible server for storage tests: s3rver on a free loopback port, its files in
 * a temporary folder, with one bucket; `env` configures the app to use it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { LOCAL_S3_CREDENTIALS, startLocalS3 } from "../../scripts/local-s3";

export interface TestS3 {
  env: Record<string, string>;
  /** Every object name in the bucket. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = "helpers-test"): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "dh-s3-"));
  const server = await startLocalS3({ directory, bucket });
  const client = new S3Client({ endpoint: server.endpoint, region: "us-east-1", forcePathStyle: true, credentials: LOCAL_S3_CREDENTIALS });
  return {
    env: server.env,
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
