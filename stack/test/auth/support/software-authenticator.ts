import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { encodeCBOR, type CBORType } from "@levischuck/tiny-cbor";

/** Binary as WebAuthn options carry it: base64url text (JSON options) or bytes (supabase-js deserialised them). */
type Binary = string | ArrayBuffer | ArrayBufferView;

export interface CreationOptions {
  challenge: Binary;
  rp: { id?: string; name?: string };
  user: { id: Binary; name?: string };
}
export interface RequestOptions {
  challenge: Binary;
  rpId?: string;
}

/** What the ceremony's browser side would claim, overridable to test the server's refusals. */
export interface Ceremony {
  origin: string;
  /** The RP ID the authenticator signs for (default: the options' RP ID). */
  rpId?: string;
  /** Replace the challenge in clientDataJSON (to answer another ceremony's challenge). */
  challenge?: Binary;
}

const toBytes = (value: Binary): Buffer =>
  typeof value === "string"
    ? Buffer.from(value, "base64url")
    : ArrayBuffer.isView(value)
      ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
      : Buffer.from(value);
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest();
const uint32 = (value: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
};

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

/** One discoverable credential the authenticator holds: ES256 (P-256) key, user handle, sign count. */
export class StoredCredential {
  readonly id = randomBytes(16);
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  signCount = 0;

  constructor(
    readonly rpId: string,
    readonly userHandle: Buffer,
  ) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  /** The public key as a COSE_Key map (kty EC2, alg ES256, crv P-256, x, y). */
  coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: "jwk" });
    return encodeCBOR(
      new Map<number, CBORType>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? "", "base64url")],
        [-3, Buffer.from(jwk.y ?? "", "base64url")],
      ]),
    );
  }
}

/** A JSON credential that, like a browser's PublicKeyCredential, serialises itself with `toJSON()`. */
const asPublicKeyCredential = <T extends object>(json: T) => ({ ...json, toJSON: () => json });

/**
 * A software FIDO2 authenticator for tests: it makes ES256 passkeys with "none" attestation and
 * signs assertions the way a browser plus platform authenticator would, so the server's real
 * WebAuthn checks run against it. Test code only.
 */
export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];

  /**
   * navigator.credentials.create(): a new credential for the options' user and RP, or (with
   * `reuse`, which no honest authenticator does) an attestation of a credential it already holds.
   */
  create(options: CreationOptions, ceremony: Ceremony & { reuse?: StoredCredential }) {
    const rpId = ceremony.rpId ?? options.rp.id ?? new URL(ceremony.origin).hostname;
    const credential = ceremony.reuse ?? new StoredCredential(rpId, toBytes(options.user.id));
    if (!ceremony.reuse) this.credentials.push(credential);
    const clientData = this.clientData("webauthn.create", ceremony.challenge ?? options.challenge, ceremony.origin);
    const authData = Buffer.concat([
      sha256(Buffer.from(rpId)),
      Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA]),
      uint32(credential.signCount),
      Buffer.alloc(16),
      Buffer.from([0, credential.id.length]),
      credential.id,
      credential.coseKey(),
    ]);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ["fmt", "none"],
        ["attStmt", new Map<string, CBORType>()],
        ["authData", authData],
      ]),
    );
    return asPublicKeyCredential({
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        transports: ["internal" as const],
      },
    });
  }

  /** navigator.credentials.get(): an assertion by `credential` (default: the newest), sign count + 1. */
  get(options: RequestOptions, ceremony: Ceremony & { credential?: StoredCredential; signCount?: number }) {
    const credential = ceremony.credential ?? this.credentials.at(-1);
    if (!credential) throw new Error("the authenticator holds no credential");
    credential.signCount = ceremony.signCount ?? credential.signCount + 1;
    const rpId = ceremony.rpId ?? options.rpId ?? credential.rpId;
    const clientData = this.clientData("webauthn.get", ceremony.challenge ?? options.challenge, ceremony.origin);
    const authData = Buffer.concat([
      sha256(Buffer.from(rpId)),
      Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]),
      uint32(credential.signCount),
    ]);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), {
      key: credential.privateKey,
      dsaEncoding: "der",
    });
    return asPublicKeyCredential({
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: b64url(credential.userHandle),
      },
    });
  }

  private clientData(type: string, challenge: Binary, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge: b64url(toBytes(challenge)), origin, crossOrigin: false }));
  }
}
