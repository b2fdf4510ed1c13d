import { useId, type ComponentProps } from "react";
import { passwordPolicy } from "../../lib/auth/password-policy";
import { PasswordStrengthMeter } from "./password-strength-meter";
import { TextField } from "./text-field";

type NewPasswordFieldProps = Omit<ComponentProps<typeof TextField>, "type" | "autoComplete" | "children"> & {
  /** What the person has typed so far, for the strength meter. */
  password: string;
};

/**
 * A new-password field with the backend's rules as a live checklist under it (sign-up, reset and
 * password change share it). Pass react-hook-form's `register("password")` result straight in.
 */
export function NewPasswordField({ password, ...field }: NewPasswordFieldProps) {
  const meterId = useId();
  return (
    <TextField type="password" autoComplete="new-password" aria-describedby={meterId} {...field}>
      <PasswordStrengthMeter id={meterId} password={password} policy={passwordPolicy} />
    </TextField>
  );
}
