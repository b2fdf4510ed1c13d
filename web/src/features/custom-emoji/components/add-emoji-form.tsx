import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { customEmojiCode } from "../../../lib/custom-emoji/workspace-emoji";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { z } from "../../../lib/zod-mini";
import { AddEmojiError, customEmojiMaxBytes, customEmojiTypes, useAddCustomEmoji } from "../api/add-custom-emoji";

/** Slack's rules for a custom emoji's name, kept short enough that `:name:` fits a reaction. */
const schema = z.object({
  name: z.string().check(z.trim(), z.regex(/^[a-z0-9_-]{1,62}$/, "customEmoji.error.name")),
});

type ImageProblem = "imageMissing" | "imageType" | "imageTooLarge";

/** Each problem's message, spelled out so the catalog check finds every id in the source. */
const problemMessages = {
  name: "customEmoji.error.name",
  nameTaken: "customEmoji.error.nameTaken",
  failed: "customEmoji.error.failed",
  imageMissing: "customEmoji.error.imageMissing",
  imageType: "customEmoji.error.imageType",
  imageTooLarge: "customEmoji.error.imageTooLarge",
} as const;

function imageProblem(file: File | null): ImageProblem | null {
  if (!file) return "imageMissing";
  if (!(file.type in customEmojiTypes)) return "imageType";
  return file.size > customEmojiMaxBytes ? "imageTooLarge" : null;
}

/** The admins' form: a name and an image (checked here against the bucket's types and size first). */
export function AddEmojiForm({ workspaceId }: { workspaceId: string }) {
  const t = useTranslate();
  const fileId = useId();
  const add = useAddCustomEmoji(workspaceId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<ImageProblem | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const form = useSchemaForm(schema, { name: "" });
  const nameError = errorMessageId(form.formState.errors.name);
  const problem = add.error instanceof AddEmojiError ? add.error.problem : add.error ? "failed" : null;

  const submit = form.handleSubmit(({ name }) => {
    setAdded(null);
    const checked = imageProblem(file);
    setFileError(checked);
    if (checked || !file) return;
    add.mutate(
      { name, file },
      {
        onSuccess: () => {
          setAdded(name);
          form.reset({ name: "" });
        },
      },
    );
  });

  return (
    <form className="custom-emoji-form" noValidate onSubmit={(event) => void submit(event)}>
      <h2>{t("customEmoji.add.title")}</h2>
      {problem && (
        <Alert tone="error">
          <p>{t(problemMessages[problem])}</p>
        </Alert>
      )}
      {added && (
        <Alert tone="success">
          <p>{t("customEmoji.add.added", { code: customEmojiCode(added) })}</p>
        </Alert>
      )}
      <TextField
        label={t("customEmoji.add.name")}
        hint={t("customEmoji.add.nameHint")}
        error={nameError && t(nameError)}
        dir="ltr"
        autoComplete="off"
        {...form.register("name")}
      />
      <div className="text-field">
        <label htmlFor={fileId} className="text-field__label">
          {t("customEmoji.add.image")}
        </label>
        <input
          id={fileId}
          type="file"
          accept={Object.keys(customEmojiTypes).join(",")}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${fileId}-error` : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setFileError(null);
          }}
        />
        {fileError && (
          <p id={`${fileId}-error`} className="text-field__error" role="alert">
            {t(problemMessages[fileError])}
          </p>
        )}
      </div>
      <Button type="submit" pending={add.isPending}>
        {t("customEmoji.add.submit")}
      </Button>
    </form>
  );
}
