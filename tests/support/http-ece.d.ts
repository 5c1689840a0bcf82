// http_ece (web-push's own dependency) ships no types; this is the part the tests use.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  export function decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string }): Buffer;
}
