import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { useForm, type DefaultValues, type FieldError, type FieldValues } from "react-hook-form";
import type { MessageId } from "../i18n/messages";

type Schema<T extends FieldValues> = Parameters<typeof standardSchemaResolver<T, unknown, T>>[0];

/**
 * react-hook-form with a zod schema whose error messages are catalog ids (`"validation.required"`),
 * so errors are translated where they are shown. Focuses the first invalid field on submit.
 *
 * @example const form = useSchemaForm(signInSchema, { email: "", password: "" });
 */
export function useSchemaForm<T extends FieldValues>(schema: Schema<T>, defaultValues: DefaultValues<T>) {
  return useForm<T, unknown, T>({ resolver: standardSchemaResolver(schema), defaultValues, shouldFocusError: true });
}

/** A field error's catalog id, for `t(…)`; `undefined` when the field is fine. */
export function errorMessageId(error: FieldError | undefined): MessageId | undefined {
  return error?.message ? (error.message as MessageId) : undefined;
}
