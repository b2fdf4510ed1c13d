import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Spinner } from "../../../components/ui/spinner";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { describeAuthError } from "../../../lib/auth/auth-errors";
import { authQueryKeys } from "../../../lib/auth/auth-query-keys";
import { useAuthSettings } from "../../../lib/auth/auth-settings";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { browserSupportsWebAuthn } from "../../../lib/auth/webauthn-support";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { addPasskey, removePasskey, usePasskeys, type Passkey } from "../api/passkeys";

/** One passkey with its dates and a confirmed remove. */
function PasskeyRow({
  passkey,
  onRemoved,
  onError,
}: {
  passkey: Passkey;
  onRemoved: () => void;
  onError: (error: unknown) => void;
}) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const name = passkey.friendly_name ?? t("passkeys.unnamed");

  async function remove() {
    setPending(true);
    try {
      await removePasskey(passkey.id);
      setOpen(false);
      onRemoved();
    } catch (error) {
      setOpen(false);
      onError(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <li className="mfa-factor">
      <div>
        <p className="mfa-factor__name">{name}</p>
        <p className="mfa-factor__meta">{t("passkeys.added", { date: new Date(passkey.created_at) })}</p>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={<Button variant="quiet">{t("passkeys.removeFor", { name })}</Button>}
        title={t("passkeys.confirmTitle", { name })}
        description={t("passkeys.confirmDescription")}
        confirmLabel={t("passkeys.remove")}
        cancelLabel={t("account.cancel")}
        pending={pending}
        onConfirm={() => void remove()}
      />
    </li>
  );
}

/** The account's passkeys: list, add one on this device, remove one. Shown only when the backend enables passkeys. */
export function PasskeysSection() {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const settings = useAuthSettings();
  const enabled = settings.data?.passkeys_enabled === true;
  const passkeys = usePasskeys(enabled);
  const { problem, alertRef, report, clear } = useAuthProblem();
  const [notice, setNotice] = useState<"added" | "removed" | null>(null);
  const [adding, setAdding] = useState(false);
  if (!enabled) return null;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: authQueryKeys.passkeys() });

  async function add() {
    setAdding(true);
    clear();
    setNotice(null);
    try {
      await addPasskey();
      setNotice("added");
      refresh();
    } catch (error) {
      report(error);
    } finally {
      setAdding(false);
    }
  }

  const list = passkeys.data ?? [];
  return (
    <section className="account-card" aria-labelledby="account-passkeys-heading">
      <h2 id="account-passkeys-heading">{t("passkeys.title")}</h2>
      <div className="mfa">
        <p>{t("passkeys.lead")}</p>
        {passkeys.isPending && (
          <p role="status">
            <Spinner /> {t("passkeys.loading")}
          </p>
        )}
        {passkeys.isError && (
          <AuthErrorAlert problem={describeAuthError(passkeys.error)} onRetry={() => void passkeys.refetch()} />
        )}
        {problem && <AuthErrorAlert ref={alertRef} problem={problem} />}
        {notice && (
          <Alert tone="success">
            <p>{notice === "added" ? t("passkeys.addedNotice") : t("passkeys.removedNotice")}</p>
          </Alert>
        )}
        {list.length > 0 && (
          <ul className="mfa-factors" aria-label={t("passkeys.list")}>
            {list.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                onError={report}
                onRemoved={() => {
                  setNotice("removed");
                  refresh();
                }}
              />
            ))}
          </ul>
        )}
        {browserSupportsWebAuthn() ? (
          <div className="account-actions">
            <Button pending={adding} onClick={() => void add()}>
              {t("passkeys.add")}
            </Button>
          </div>
        ) : (
          <p className="mfa-note">{t("webauthn.unsupported")}</p>
        )}
      </div>
    </section>
  );
}
