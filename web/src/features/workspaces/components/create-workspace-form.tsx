import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useLocaleNavigate } from "../../../lib/i18n/use-locale-navigate";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useCreateWorkspace } from "../api/create-workspace";
import { slugFromName, workspaceSchema } from "./workspace-schema";

/** Postgres unique violation: the slug belongs to another workspace. */
const uniqueViolation = "23505";

/** Name and address of a new workspace; on success opens it. */
export function CreateWorkspaceForm() {
  const t = useTranslate();
  const navigate = useLocaleNavigate();
  const create = useCreateWorkspace();
  const form = useSchemaForm(workspaceSchema, { name: "", slug: "" });
  const { errors } = form.formState;
  const nameError = errorMessageId(errors.name);
  const slugError = errorMessageId(errors.slug);
  const failure = create.error as { code?: string } | null;

  const nameField = form.register("name", {
    onChange: (event: { target: { value: string } }) => {
      if (!form.getFieldState("slug").isDirty) form.setValue("slug", slugFromName(event.target.value));
    },
  });

  return (
    <form
      className="workspace-card"
      aria-labelledby="create-workspace-title"
      noValidate
      onSubmit={form.handleSubmit((input) =>
        create.mutate(input, { onSuccess: (workspace) => navigate(`/w/${workspace.slug}`) }),
      )}
    >
      <h2 id="create-workspace-title">{t("workspaces.create.title")}</h2>
      {failure && (
        <Alert tone="error">
          <p>{t(failure.code === uniqueViolation ? "workspaces.create.slugTaken" : "workspaces.create.failed")}</p>
        </Alert>
      )}
      <TextField
        label={t("workspaces.create.name")}
        autoComplete="off"
        error={nameError && t(nameError)}
        {...nameField}
      />
      <TextField
        label={t("workspaces.create.slug")}
        hint={t("workspaces.create.slugHint")}
        autoComplete="off"
        dir="ltr"
        error={slugError && t(slugError)}
        {...form.register("slug")}
      />
      <Button type="submit" pending={create.isPending}>
        {t("workspaces.create.submit")}
      </Button>
    </form>
  );
}
