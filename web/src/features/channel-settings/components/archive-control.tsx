import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { ChannelSettings } from "../api/get-channel-settings";
import { ChannelUpdateError, useUpdateChannel } from "../api/update-channel";
import { updateProblemMessage } from "./update-problem";

/** Archive (after confirming) or restore a channel — admins only; others read why they cannot. */
export function ArchiveControl({ channel, isAdmin }: { channel: ChannelSettings; isAdmin: boolean }) {
  const t = useTranslate();
  const update = useUpdateChannel(channel.id);
  const [confirming, setConfirming] = useState(false);
  const archived = channel.archived_at !== null;
  if (!isAdmin) return <p>{t("channelSettings.archiveAdminsOnly")}</p>;
  return (
    <div className="channel-settings__archive">
      {update.isError && (
        <Alert tone="error">
          <p>{t(updateProblemMessage(update.error instanceof ChannelUpdateError ? update.error.problem : "failed"))}</p>
        </Alert>
      )}
      {archived ? (
        <Button variant="quiet" pending={update.isPending} onClick={() => update.mutate({ archived_at: null })}>
          {t("channelSettings.unarchive")}
        </Button>
      ) : (
        <ConfirmDialog
          trigger={<Button variant="danger">{t("channelSettings.archive")}</Button>}
          title={t("channelSettings.archiveTitle", { channel: channel.name })}
          description={t("channelSettings.archiveDescription")}
          confirmLabel={t("channelSettings.archive")}
          cancelLabel={t("channelSettings.cancel")}
          pending={update.isPending}
          open={confirming}
          onOpenChange={setConfirming}
          onConfirm={() =>
            update.mutate({ archived_at: new Date().toISOString() }, { onSettled: () => setConfirming(false) })
          }
        />
      )}
    </div>
  );
}
