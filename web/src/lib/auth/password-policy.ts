/**
 * The backend's password rules (`[auth] minimum_password_length` and `password_requirements` in
 * supabase/config.toml, read at build time by vite/password-policy.ts): the strength meter checks
 * them as the person types, and the backend's `weak_password` reasons still have the last word.
 */
export type PasswordRequirements =
  "" | "letters_digits" | "lower_upper_letters_digits" | "lower_upper_letters_digits_symbols";

export type PasswordPolicy = { minLength: number; requirements: PasswordRequirements };

export type PasswordRule = "length" | "lowercase" | "uppercase" | "letters" | "digits" | "symbols";

export type PasswordCheck = { rule: PasswordRule; met: boolean };

const requirementRules: Record<PasswordRequirements, PasswordRule[]> = {
  "": [],
  letters_digits: ["letters", "digits"],
  lower_upper_letters_digits: ["lowercase", "uppercase", "digits"],
  lower_upper_letters_digits_symbols: ["lowercase", "uppercase", "digits", "symbols"],
};

const ruleTests: Record<Exclude<PasswordRule, "length">, RegExp> = {
  lowercase: /[a-z]/,
  uppercase: /[A-Z]/,
  letters: /[a-zA-Z]/,
  digits: /[0-9]/,
  // GoTrue's symbol class: printable ASCII that is neither letter nor digit.
  symbols: /[!-/:-@[-`{-~]/,
};

function isRequirements(value: string): value is PasswordRequirements {
  return Object.hasOwn(requirementRules, value);
}

/** The policy from build variables, with GoTrue's floor (6) and the CLI's defaults. */
export function parsePasswordPolicy(minLength: string | undefined, requirements: string | undefined): PasswordPolicy {
  const length = Number(minLength);
  return {
    minLength: Number.isInteger(length) && length >= 6 ? length : 6,
    requirements: requirements !== undefined && isRequirements(requirements) ? requirements : "",
  };
}

/** This build's policy. */
export const passwordPolicy = parsePasswordPolicy(
  import.meta.env.VITE_AUTH_PASSWORD_MIN_LENGTH as string | undefined,
  import.meta.env.VITE_AUTH_PASSWORD_REQUIREMENTS as string | undefined,
);

/**
 * Each rule of the policy and whether `password` meets it, plus a 0–4 strength score for the
 * meter: rules met, then length and variety beyond them.
 *
 * @example checkPassword("abc", { minLength: 8, requirements: "" }) // { checks: [{ rule: "length", met: false }], score: 0, acceptable: false }
 */
export function checkPassword(password: string, policy: PasswordPolicy) {
  const checks: PasswordCheck[] = [
    { rule: "length", met: [...password].length >= policy.minLength },
    ...requirementRules[policy.requirements].map((rule) => ({
      rule,
      met: ruleTests[rule as Exclude<PasswordRule, "length">].test(password),
    })),
  ];
  const acceptable = checks.every((check) => check.met);
  let score = 0;
  if (acceptable && password.length > 0) {
    const classes = Object.values(ruleTests).filter((test) => test.test(password)).length;
    score =
      1 + (password.length >= policy.minLength + 4 ? 1 : 0) + (classes >= 3 ? 1 : 0) + (password.length >= 16 ? 1 : 0);
  }
  return { checks, score: Math.min(score, 4), acceptable };
}
