import { z } from "../../../lib/zod-mini";

/** A factor's friendly name: required (GoTrue keeps names unique per person), at most 80 characters. */
export const factorNameField = z
  .string()
  .check(z.trim(), z.minLength(1, "validation.nameRequired"), z.maxLength(80, "validation.nameTooLong"));
