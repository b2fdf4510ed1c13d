import { z } from "zod";

/** Fields of POST and PUT /admin/users (auth: internal/api/admin.go AdminUserParams). */
export const adminUserFields = {
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  password_hash: z.string().optional(),
  email_confirm: z.boolean().optional(),
  phone_confirm: z.boolean().optional(),
  user_metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  app_metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  role: z.string().optional(),
  ban_duration: z.string().optional(),
};
