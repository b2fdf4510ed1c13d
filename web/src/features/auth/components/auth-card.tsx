import type { ReactNode } from "react";
import { PageHeading } from "../../../components/ui/page-heading";
import { useTranslate } from "../../../lib/i18n/use-translate";
import "./auth-card.css";

/** The frame of every sign-in screen: a titled card, narrow on desktop, full width on phones. */
export function AuthCard({
  title,
  lead,
  children,
  footer,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const t = useTranslate();
  return (
    <section className="auth-card">
      <title>{t("app.documentTitle", { page: title })}</title>
      <PageHeading>{title}</PageHeading>
      {lead && <p className="auth-card__lead">{lead}</p>}
      <div className="auth-card__body">{children}</div>
      {footer && <div className="auth-card__footer">{footer}</div>}
    </section>
  );
}
