export { createKeyRing, DEFAULT_JWT_SECRET, type AsymmetricKey, type KeyRing } from "./key-ring.ts";
export {
  loadOrCreateStoredKeys,
  storedKeysFile,
  generateSigningKey,
  writeStoredKeys,
  type RetiredSigningKey,
  type StoredKeys,
  type StoredSigningKey,
} from "./key-store.ts";
export { KeyRotationError, retireSigningKey, rotateSigningKeys } from "./rotation.ts";
export { readSigningKeysFile, signingKeysFilePath } from "./signing-keys-file.ts";
export { verifyJwt, type JwtFailure, type JwtFailureKind, type JwtVerification } from "./verify-jwt.ts";
