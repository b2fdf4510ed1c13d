// Transformation parameters of /render/image (src/http/schemas/transformations.ts,
// src/storage/renderer/image.ts).
import { z } from "zod";
import { validate } from "./validation.ts";

export interface TransformOptions {
  width?: number | undefined;
  height?: number | undefined;
  resize?: "cover" | "contain" | "fill" | undefined;
  format?: "origin" | "avif" | "webp" | undefined;
  quality?: number | undefined;
}

const LIMIT = { min: 1, max: 2000 };
const clamp = (n: number) => Math.min(Math.max(n, LIMIT.min), LIMIT.max);

const intParam = (min: number, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(min).max(max).optional();

const transformQuery = z.object({
  width: intParam(0),
  height: intParam(0),
  resize: z.enum(["cover", "contain", "fill"]).optional(),
  format: z.enum(["origin", "avif", "webp"]).optional(),
  quality: intParam(20, 100),
});

/** Query parameters → options (validation errors as upstream's schema gives them). */
export function parseTransformQuery(query: Record<string, string>): TransformOptions {
  const parsed = validate(transformQuery, query, "querystring");
  return {
    width: parsed.width ? clamp(parsed.width) : undefined,
    height: parsed.height ? clamp(parsed.height) : undefined,
    resize: parsed.resize,
    format: parsed.format,
    quality: parsed.quality,
  };
}

const RESIZING_TYPE = { cover: "fill", contain: "fit", fill: "force" } as const;

/** `X-Transformations` value: height, width, resizing_type, quality, format (imgproxy names). */
export function describeTransformations(options: TransformOptions): string {
  const parts: string[] = [];
  if (options.height) parts.push(`height:${options.height}`);
  if (options.width) parts.push(`width:${options.width}`);
  if (options.width || options.height) parts.push(`resizing_type:${RESIZING_TYPE[options.resize ?? "cover"]}`);
  if (options.quality) parts.push(`quality:${options.quality}`);
  if (options.format && options.format !== "origin") parts.push(`format:${options.format}`);
  return parts.join(",");
}

/** Claims a signed render URL carries: `transformations` (`height:200,width:200,resize:cover`) and `format`. */
export function transformationClaims(input: {
  width?: number | undefined;
  height?: number | undefined;
  resize?: string | undefined;
  format?: string | undefined;
  quality?: number | undefined;
}): {
  transformations?: string;
  format?: string;
} {
  const parts: string[] = [];
  if (input.height) parts.push(`height:${clamp(input.height)}`);
  if (input.width) parts.push(`width:${clamp(input.width)}`);
  if (input.width || input.height) parts.push(`resize:${input.resize ?? "cover"}`);
  if (input.quality) parts.push(`quality:${input.quality}`);
  const result: { transformations?: string; format?: string } = {};
  if (parts.length > 0) result.transformations = parts.join(",");
  if (input.format && input.format !== "origin") result.format = input.format;
  return result;
}

/** The reverse of transformationClaims, for `/render/image/sign`. */
export function optionsFromClaims(transformations: string | undefined, format: string | undefined): TransformOptions {
  const query: Record<string, string> = {};
  for (const part of (transformations ?? "").split(",")) {
    const [name, value] = part.split(":");
    if (name && value !== undefined) query[name] = value;
  }
  if (format) query.format = format;
  return parseTransformQuery(query);
}
