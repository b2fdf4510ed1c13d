import type { ComponentProps } from "react";
import { z } from "../zod-mini";
import { TextField } from "../../components/ui/text-field";
import { useTranslate } from "../i18n/use-translate";

/** A form of one TOTP or SMS code: six digits (GoTrue's only length). */
export const secondFactorCodeSchema = z.object({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, "mfa.code.invalid")),
});

type SecondFactorCodeInputProps = Omit<ComponentProps<typeof TextField>, "label">;

/**
 * The field a second-factor code is typed into, at sign-in, before removing a factor and while
 * adding one: numeric keypad, the platform's one-time-code autofill, left to right in every language.
 * Pass the hint, the translated error and react-hook-form's `register("code")`.
 */
export function SecondFactorCodeInput(props: SecondFactorCodeInputProps) {
  const t = useTranslate();
  return (
    <TextField
      label={t("mfa.code.label")}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      dir="ltr"
      {...props}
    />
  );
}
