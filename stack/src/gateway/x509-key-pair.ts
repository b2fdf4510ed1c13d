import path from "node:path";
import { loadOrCreateSecretFile } from "./secret-file.ts";

/** An RSA private key with its self-signed X.509 certificate, both PEM. */
export interface X509KeyPair {
  privateKey: string;
  certificate: string;
}

/**
 * Loads a key pair kept in the stack's data folder, creating it on first use (2048-bit RSA,
 * SHA-256, valid ten years), as the JWT signing keys are. SAML needs certificates, not bare keys:
 * metadata publishes them and signatures carry them.
 * @example const pair = await loadOrCreateX509KeyPair(dataDir, "saml-sp.json", "Parley Stack SAML SP");
 */
export function loadOrCreateX509KeyPair(dataDir: string, fileName: string, commonName: string): Promise<X509KeyPair> {
  return loadOrCreateSecretFile(path.join(dataDir, fileName), async (): Promise<X509KeyPair> => {
    // selfsigned (and its X.509 library) is loaded when a key pair is first made, not at start.
    const { generate } = await import("selfsigned");
    const now = new Date();
    const pems = await generate([{ name: "commonName", value: commonName }], {
      keySize: 2048,
      algorithm: "sha256",
      notBeforeDate: new Date(now.getTime() - 24 * 3600_000),
      notAfterDate: new Date(now.getTime() + 10 * 365 * 24 * 3600_000),
    });
    return { privateKey: pems.private, certificate: pems.cert };
  });
}

/** The base64 body of a PEM certificate, as SAML metadata and KeyInfo carry it. */
export const certificateBody = (pem: string) =>
  pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "");
