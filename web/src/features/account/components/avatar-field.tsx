import type { User } from "@supabase/supabase-js";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import UserRound from "lucide-react/icons/user-round";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { authQueryKeys } from "../../../lib/auth/auth-query-keys";
import { useBackendConfig } from "../../../lib/backend-config-context";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { MessageId } from "../../../lib/i18n/messages";
import { AvatarUploadError, avatarUrl, saveAvatarPath, uploadAvatar } from "../api/upload-avatar";

const maxBytes = 5 * 1024 * 1024;

function uploadProblem(error: unknown): MessageId {
  if (error instanceof AvatarUploadError) {
    if (error.status === 413) return "account.avatar.tooLarge";
    if (error.status === 415 || error.status === 422) return "account.avatar.wrongType";
    if (error.status === 401 || error.status === 403) return "account.avatar.notAllowed";
  }
  return "account.avatar.failed";
}

/** The profile picture: shown if set; choosing a file uploads it with a progress bar, then saves it. */
export function AvatarField({ user }: { user: User }) {
  const t = useTranslate();
  const config = useBackendConfig();
  const queryClient = useQueryClient();
  const inputId = useId();
  const progressId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<MessageId | null>(null);
  const [saved, setSaved] = useState(false);
  const path = (user.user_metadata as { avatar_path?: unknown }).avatar_path;
  const picture = useQuery({
    queryKey: [...authQueryKeys.all, "avatar", path],
    queryFn: () => avatarUrl(String(path)),
    enabled: typeof path === "string" && path !== "",
    staleTime: 30 * 60_000,
  });

  async function upload(file: File) {
    setProblem(null);
    setSaved(false);
    if (!file.type.startsWith("image/")) return setProblem("account.avatar.wrongType");
    if (file.size > maxBytes) return setProblem("account.avatar.tooLarge");
    setProgress(0);
    try {
      const stored = await uploadAvatar(config, file, setProgress);
      await saveAvatarPath(stored);
      await queryClient.invalidateQueries({ queryKey: authQueryKeys.user() });
      setSaved(true);
    } catch (error) {
      setProblem(uploadProblem(error));
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="avatar-field">
      {picture.data ? (
        <img
          className="avatar-field__picture"
          src={picture.data}
          alt={t("account.avatar.alt")}
          width={72}
          height={72}
        />
      ) : (
        <UserRound className="avatar-field__picture" size={72} aria-hidden="true" />
      )}
      <div className="text-field">
        <label htmlFor={inputId} className="text-field__label">
          {t("account.avatar.label")}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          disabled={progress !== null}
          aria-describedby={progress !== null ? progressId : undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            if (file) void upload(file);
          }}
        />
        {progress !== null && (
          <progress
            id={progressId}
            max={100}
            value={Math.round(progress * 100)}
            aria-label={t("account.avatar.uploading", { percent: progress })}
          />
        )}
      </div>
      {problem && (
        <Alert tone="error">
          <p>{t(problem)}</p>
        </Alert>
      )}
      {saved && (
        <Alert tone="success">
          <p>{t("account.avatar.saved")}</p>
        </Alert>
      )}
    </div>
  );
}
