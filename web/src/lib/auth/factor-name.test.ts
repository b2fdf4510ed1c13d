import type { Factor } from "@supabase/supabase-js";
import { expect, it } from "vitest";
import { factorLabel, factorPhone } from "./factor-name";

const base: Factor = { id: "f", factor_type: "phone", status: "verified", created_at: "", updated_at: "" };

it("shows a phone factor's number with the + GoTrue leaves off", () => {
  expect(factorPhone({ ...base, phone: "447700900123" } as Factor)).toBe("+447700900123");
  expect(factorPhone({ ...base, phone: "+447700900123" } as Factor)).toBe("+447700900123");
  expect(factorPhone(base)).toBeUndefined();
});

it("names a factor by its friendly name, else by its kind", () => {
  const t = (id: string) => `<${id}>`;
  expect(factorLabel({ friendly_name: " Work phone ", factor_type: "phone" }, t)).toBe("Work phone");
  expect(factorLabel({ friendly_name: "", factor_type: "totp" }, t)).toBe("<mfa.kind.totp>");
});

it("names an unnamed security key by its kind", () => {
  const t = (id: string) => `<${id}>`;
  expect(factorLabel({ friendly_name: undefined, factor_type: "webauthn" }, t)).toBe("<mfa.kind.securityKey>");
});
