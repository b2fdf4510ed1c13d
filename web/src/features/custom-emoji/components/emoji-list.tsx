import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CustomEmojiImage } from "../../../lib/custom-emoji/custom-emoji-image";
import { type CustomEmoji, customEmojiCode } from "../../../lib/custom-emoji/workspace-emoji";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useRemoveCustomEmoji } from "../api/remove-custom-emoji";

/** The workspace's custom emoji, each with its image and `:name:`; admins remove them here. */
export function EmojiList({
  workspaceId,
  emoji,
  canManage,
}: {
  workspaceId: string;
  emoji: CustomEmoji[];
  canManage: boolean;
}) {
  const t = useTranslate();
  const remove = useRemoveCustomEmoji(workspaceId);
  const [removed, setRemoved] = useState<string | null>(null);
  return (
    <>
      {remove.isError && (
        <Alert tone="error">
          <p>{t("customEmoji.removeFailed")}</p>
        </Alert>
      )}
      {removed && (
        <p role="status" className="custom-emoji-page__status">
          {t("customEmoji.removed", { code: customEmojiCode(removed) })}
        </p>
      )}
      {emoji.length === 0 ? (
        <p>{t("customEmoji.empty")}</p>
      ) : (
        <ul className="custom-emoji-list">
          {emoji.map((each) => (
            <li key={each.id} className="custom-emoji-list__item">
              <CustomEmojiImage name={each.name} url={each.url} />
              <code dir="ltr">{customEmojiCode(each.name)}</code>
              {canManage && (
                <Button
                  variant="quiet"
                  pending={remove.isPending && remove.variables.id === each.id}
                  onClick={() => remove.mutate(each, { onSuccess: () => setRemoved(each.name) })}
                >
                  {t("customEmoji.remove", { code: customEmojiCode(each.name) })}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
