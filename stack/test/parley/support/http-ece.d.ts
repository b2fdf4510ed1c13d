// Types for the parts of http_ece (Encrypted Content-Encoding for HTTP, RFC 8188) the tests use.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  export interface DecryptParams {
    version: "aes128gcm";
    /** The receiver's key pair; the sender's public key comes from the body's header. */
    privateKey: ECDH;
    /** base64url */
    authSecret: string;
  }
  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
