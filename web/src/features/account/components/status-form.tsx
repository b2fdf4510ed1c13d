import { useId, useState } from "react";
import { z } from "../../../lib/zod-mini";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { type StatusInput, useSetMyStatus } from "../api/my-status";
import { type ClearAfter, clearAfterChoices, expiresAt } from "./clear-after";

const clearAfterLabels = {
  never: "account.status.clearAfter.never",
  minutes30: "account.status.clearAfter.minutes30",
  hour1: "account.status.clearAfter.hour1",
  hours4: "account.status.clearAfter.hours4",
  today: "account.status.clearAfter.today",
} as const satisfies Record<ClearAfter, string>;

const schema = z.object({
  emoji: z.string().check(z.trim(), z.maxLength(16, "validation.emojiTooLong")),
  text: z.string().check(z.trim(), z.maxLength(100, "validation.statusTooLong")),
  doNotDisturb: z.boolean(),
  clearAfter: z.enum(clearAfterChoices),
});

/** The caller's custom status: emoji, words, "do not disturb" and when it clears itself; or clear it now. */
export function StatusForm({ userId, current }: { userId: string; current: StatusInput | null }) {
  const t = useTranslate();
  const clearAfterId = useId();
  const save = useSetMyStatus(userId);
  const [outcome, setOutcome] = useState<"saved" | "cleared" | null>(null);
  const form = useSchemaForm(schema, {
    emoji: current?.emoji ?? "",
    text: current?.text ?? "",
    doNotDisturb: current?.do_not_disturb ?? false,
    clearAfter: "never" as ClearAfter,
  });
  const { errors } = form.formState;
  const emojiError = errorMessageId(errors.emoji);
  const textError = errorMessageId(errors.text);

  const submit = form.handleSubmit((values) => {
    setOutcome(null);
    const status: StatusInput = {
      emoji: values.emoji || null,
      text: values.text,
      do_not_disturb: values.doNotDisturb,
      expires_at: expiresAt(values.clearAfter, new Date()),
    };
    save.mutate(status, { onSuccess: () => setOutcome("saved") });
  });
  const clear = () => {
    setOutcome(null);
    save.mutate(null, {
      onSuccess: () => {
        form.reset({ emoji: "", text: "", doNotDisturb: false, clearAfter: "never" });
        setOutcome("cleared");
      },
    });
  };

  return (
    <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      {save.isError && (
        <Alert tone="error">
          <p>{t("account.status.failed")}</p>
        </Alert>
      )}
      {outcome && (
        <Alert tone="success">
          <p>{t(outcome === "saved" ? "account.status.saved" : "account.status.cleared")}</p>
        </Alert>
      )}
      <TextField label={t("account.status.emoji")} error={emojiError && t(emojiError)} {...form.register("emoji")} />
      <TextField label={t("account.status.text")} error={textError && t(textError)} {...form.register("text")} />
      <label className="account-checkbox">
        <input type="checkbox" {...form.register("doNotDisturb")} /> {t("account.status.doNotDisturb")}
      </label>
      <div className="text-field">
        <label htmlFor={clearAfterId} className="text-field__label">
          {t("account.status.clearAfter")}
        </label>
        <select id={clearAfterId} {...form.register("clearAfter")}>
          {clearAfterChoices.map((choice) => (
            <option key={choice} value={choice}>
              {t(clearAfterLabels[choice])}
            </option>
          ))}
        </select>
      </div>
      <div className="account-actions">
        <Button type="submit" pending={save.isPending}>
          {t("account.status.set")}
        </Button>
        <Button variant="quiet" pending={save.isPending} onClick={clear}>
          {t("account.status.clear")}
        </Button>
      </div>
    </form>
  );
}
