import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { CreateChannelError, useCreateChannel } from "../api/create-channel";
import { createChannelSchema } from "./create-channel-schema";

type CreateChannelFormProps = { workspaceId: string; userId: string; onCreated: (channelId: string) => void };

/** Name and topic of a new public channel, which its creator joins. */
export function CreateChannelForm({ workspaceId, userId, onCreated }: CreateChannelFormProps) {
  const t = useTranslate();
  const create = useCreateChannel(workspaceId, userId);
  const form = useSchemaForm(createChannelSchema, { name: "", topic: "" });
  const nameError = errorMessageId(form.formState.errors.name);
  const topicError = errorMessageId(form.formState.errors.topic);
  const problem = create.error instanceof CreateChannelError ? create.error.problem : "failed";

  return (
    <form
      className="channel-directory__create"
      noValidate
      aria-labelledby="create-channel-title"
      onSubmit={form.handleSubmit((input) => create.mutate(input, { onSuccess: onCreated }))}
    >
      <h2 id="create-channel-title">{t("channelDirectory.create.title")}</h2>
      {create.isError && (
        <Alert tone="error">
          <p>
            {problem === "nameTaken" ? t("channelDirectory.create.nameTaken") : t("channelDirectory.create.failed")}
          </p>
        </Alert>
      )}
      <TextField
        label={t("channelDirectory.create.name")}
        hint={t("channelDirectory.create.nameHint")}
        autoComplete="off"
        dir="auto"
        error={nameError && t(nameError)}
        {...form.register("name")}
      />
      <TextField
        label={t("channelDirectory.create.topic")}
        autoComplete="off"
        dir="auto"
        error={topicError && t(topicError)}
        {...form.register("topic")}
      />
      <Button type="submit" pending={create.isPending}>
        {t("channelDirectory.create.submit")}
      </Button>
    </form>
  );
}
