import path from "node:path";
import type { Config } from "../../../server/config";
import { diskStorage, type MediaStorage } from "./storage";

/** Disk under the data folder, or the configured S3-compatible bucket. */
export async function openStorage(config: Config): Promise<MediaStorage> {
  if (config.s3) {
    const { s3Storage } = await import("./s3-storage");
    return s3Storage(config.s3);
  }
  return diskStorage(path.join(config.dataDir, "media"));
}
