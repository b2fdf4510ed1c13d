import { Spinner } from "../../../components/ui/spinner";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useMyStatus } from "../api/my-status";
import { useTimeZone } from "../api/time-zone";
import { MessageDensitySetting } from "./message-density-setting";
import { StatusForm } from "./status-form";
import { TimeZoneForm } from "./time-zone-form";

/** The profile page's status, time zone and message display sections, once status and zone are loaded. */
export function PersonalSettings({ userId }: { userId: string }) {
  const t = useTranslate();
  const status = useMyStatus(userId);
  const zone = useTimeZone(userId);
  if (status.isPending || zone.isPending) return <Spinner />;
  return (
    <>
      <section className="account-card" aria-labelledby="account-status-heading">
        <h2 id="account-status-heading">{t("account.status.title")}</h2>
        <StatusForm userId={userId} current={status.data ?? null} />
      </section>
      <section className="account-card" aria-labelledby="account-time-zone-heading">
        <h2 id="account-time-zone-heading">{t("account.timeZone.title")}</h2>
        <TimeZoneForm userId={userId} saved={zone.data ?? null} />
      </section>
      <section className="account-card" aria-labelledby="account-density-heading">
        <h2 id="account-density-heading">{t("account.density.title")}</h2>
        <MessageDensitySetting userId={userId} />
      </section>
    </>
  );
}
