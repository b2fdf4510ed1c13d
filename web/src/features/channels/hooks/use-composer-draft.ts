import { useEffect, useState } from "react";
import { draftKey, readDrafts, saveDraft, type DraftScope } from "../../../lib/drafts/draft-store";

/**
 * A composer's text, kept as a draft (per person, per conversation and per thread) while it is
 * typed, so it survives leaving the conversation and reloading the page. The names of files that
 * were waiting to be sent are kept too; the files themselves are not (an unsent upload is removed
 * when its composer goes away), so a restored draft lists them to be attached again.
 */
export function useComposerDraft(userId: string, scope: DraftScope, pendingFileNames: readonly string[]) {
  const key = draftKey(scope);
  const [restored] = useState(() => (userId ? readDrafts(userId)[key] : undefined));
  const [body, setBody] = useState(restored?.body ?? "");
  const [unsentFiles, setUnsentFiles] = useState<string[]>(restored?.files ?? []);
  const { channelId, threadParentId } = scope;

  const pendingList = pendingFileNames.join("\n");
  useEffect(() => {
    if (!userId) return;
    const files = [...unsentFiles, ...(pendingList ? pendingList.split("\n") : [])];
    saveDraft(userId, { channelId, threadParentId }, { body, files });
  }, [userId, channelId, threadParentId, body, unsentFiles, pendingList]);

  return { body, setBody, unsentFiles, forgetUnsentFiles: () => setUnsentFiles([]) };
}
