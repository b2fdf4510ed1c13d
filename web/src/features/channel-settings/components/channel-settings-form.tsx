import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { ChannelSettings } from "../api/get-channel-settings";
import { ChannelUpdateError, useUpdateChannel } from "../api/update-channel";
import { channelSettingsSchema } from "./channel-schema";
import { updateProblemMessage } from "./update-problem";

/**
 * Name, topic and privacy of a channel; read-only (fieldset disabled) while the channel is archived.
 * Only members of a private channel may make it public (the database refuses anyone else, so an
 * admin outside it cannot publish its history), hence `canMakePublic`.
 */
export function ChannelSettingsForm({ channel, canMakePublic }: { channel: ChannelSettings; canMakePublic: boolean }) {
  const t = useTranslate();
  const privacyHintId = useId();
  const privacyLocked = channel.is_private && !canMakePublic;
  const update = useUpdateChannel(channel.id);
  const [saved, setSaved] = useState(false);
  const form = useSchemaForm(channelSettingsSchema, {
    name: channel.name,
    topic: channel.topic,
    isPrivate: channel.is_private,
  });
  const nameError = errorMessageId(form.formState.errors.name);
  const topicError = errorMessageId(form.formState.errors.topic);
  const archived = channel.archived_at !== null;

  return (
    <form
      className="channel-settings__form"
      noValidate
      onSubmit={form.handleSubmit((input) => {
        setSaved(false);
        update.mutate(
          { name: input.name, topic: input.topic, is_private: input.isPrivate },
          { onSuccess: () => setSaved(true) },
        );
      })}
    >
      {update.isError && (
        <Alert tone="error">
          <p>{t(updateProblemMessage(update.error instanceof ChannelUpdateError ? update.error.problem : "failed"))}</p>
        </Alert>
      )}
      {saved && (
        <Alert tone="success">
          <p>{t("channelSettings.saved")}</p>
        </Alert>
      )}
      <fieldset disabled={archived} className="channel-settings__fields">
        <TextField
          label={t("channelSettings.name")}
          hint={t("channelSettings.nameHint")}
          autoComplete="off"
          dir="auto"
          error={nameError && t(nameError)}
          {...form.register("name")}
        />
        <TextField
          label={t("channelSettings.topic")}
          autoComplete="off"
          dir="auto"
          error={topicError && t(topicError)}
          {...form.register("topic")}
        />
        <label className="channel-settings__check">
          {/* Locked, it stays out of the form: the saved value (private) goes back unchanged. */}
          {privacyLocked ? (
            <input type="checkbox" defaultChecked disabled aria-describedby={privacyHintId} />
          ) : (
            <input type="checkbox" {...form.register("isPrivate")} />
          )}
          {t("channelSettings.private")}
        </label>
        {privacyLocked && (
          <p id={privacyHintId} className="channel-settings__hint">
            {t("channelSettings.privateMembersOnly")}
          </p>
        )}
        <Button type="submit" pending={update.isPending}>
          {t("channelSettings.save")}
        </Button>
      </fieldset>
    </form>
  );
}
