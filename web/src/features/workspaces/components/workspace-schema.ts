import { z } from "../../../lib/zod-mini";

/** Mirrors the `workspaces` table's checks, so mistakes show beside the field before a round trip. */
export const workspaceSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "workspaces.create.nameRequired"),
      z.maxLength(80, "workspaces.create.nameRequired"),
    ),
  slug: z.string().check(z.regex(/^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/, "workspaces.create.slugInvalid")),
});

export type WorkspaceInput = z.infer<typeof workspaceSchema>;

/** A slug suggestion from a name: "Café Ops!" → "cafe-ops". */
export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/g, "");
}
