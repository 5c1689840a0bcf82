/**
 * An S3-compatible server on this machine (s3rver), for the tests and for `npm run stack`: its
 * objects are files in a folder, its one bucket made at start, its credentials s3rver's fixed ones.
 * Run as a program (the stack does) it serves until SIGTERM:
 *   tsx scripts/local-s3.ts <folder> <port> <bucket>
 */
import { unlink } from "node:fs/promises";
import { pathToFileURL } from "node:url";
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

/** s3rver's fixed credentials. */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface LocalS3 {
  endpoint: string;
  /** The site's configuration for this server and bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startLocalS3(options: { directory: string; bucket: string; port?: number }): Promise<LocalS3> {
  const server = new S3rver({
    address: "127.0.0.1",
    port: options.port ?? 0,
    silent: true,
    directory: options.directory,
    configureBuckets: [{ name: options.bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: options.bucket,
      S3_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
    },
    close: () => server.close(),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [directory, port, bucket] = process.argv.slice(2);
  if (!directory || !port || !bucket) {
    console.error("usage: tsx scripts/local-s3.ts <folder> <port> <bucket>");
    process.exit(1);
  }
  const s3 = await startLocalS3({ directory, bucket, port: Number(port) });
  console.log(`S3-compatible storage at ${s3.endpoint}, bucket ${bucket}, objects in ${directory}`);
  const stop = () => void s3.close().then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
