import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { ChannelSettings } from "../api/get-channel-settings";
import { ChannelUpdateError, useUpdateChannel } from "../api/update-channel";
import { updateProblemMessage } from "./update-problem";

const choices = ["members", "admins"] as const;

/**
 * Who may notify the whole channel with @channel and @here. Workspace admins choose (the database
 * refuses anyone else, and refuses the mentions to others when restricted); others read the rule.
 */
export function BroadcastMentionsControl({ channel, isAdmin }: { channel: ChannelSettings; isAdmin: boolean }) {
  const t = useTranslate();
  const id = useId();
  const update = useUpdateChannel(channel.id);
  // Shown at once; back to the saved value if the save fails.
  const [chosen, setChosen] = useState(channel.broadcast_mentions);
  const labels = {
    members: t("channelSettings.broadcastMentions.members"),
    admins: t("channelSettings.broadcastMentions.admins"),
  };
  if (!isAdmin) {
    return <p>{t("channelSettings.broadcastMentions.current", { rule: labels[channel.broadcast_mentions] })}</p>;
  }
  return (
    <fieldset className="channel-settings__broadcast" aria-describedby={`${id}-hint`}>
      <legend>{t("channelSettings.broadcastMentions.legend")}</legend>
      <p id={`${id}-hint`}>{t("channelSettings.broadcastMentions.hint")}</p>
      {update.isError && (
        <Alert tone="error">
          <p>{t(updateProblemMessage(update.error instanceof ChannelUpdateError ? update.error.problem : "failed"))}</p>
        </Alert>
      )}
      {choices.map((choice) => (
        <label key={choice}>
          <input
            type="radio"
            name={`${id}-broadcast`}
            value={choice}
            checked={chosen === choice}
            disabled={update.isPending}
            onChange={() => {
              setChosen(choice);
              update.mutate({ broadcast_mentions: choice }, { onError: () => setChosen(channel.broadcast_mentions) });
            }}
          />{" "}
          {labels[choice]}
        </label>
      ))}
    </fieldset>
  );
}
