import { z } from "zod";

/** `file_size_limit` as the API takes it: bytes, `"<n>MB"`-style string, or null. */
export const fileSizeLimitField = z.union([z.number().int().min(0), z.string(), z.null()]).optional();
export const allowedMimeTypesField = z.array(z.string()).nullable().optional();
