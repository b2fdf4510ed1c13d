import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import CircleCheck from "lucide-react/icons/circle-check";
import Info from "lucide-react/icons/info";
import type { ReactNode, Ref } from "react";
import "./alert.css";

type AlertProps = {
  tone: "error" | "success" | "info";
  children: ReactNode;
  /** Buttons or links offering the way forward. */
  actions?: ReactNode;
  ref?: Ref<HTMLDivElement>;
};

/**
 * A message about the whole form or page. Errors use `role="alert"` (announced at once), other
 * tones `role="status"` (announced politely).
 */
export function Alert({ tone, children, actions, ref }: AlertProps) {
  const Icon = tone === "error" ? CircleAlert : tone === "success" ? CircleCheck : Info;
  return (
    <div ref={ref} tabIndex={-1} role={tone === "error" ? "alert" : "status"} className={`alert alert--${tone}`}>
      <Icon size={20} aria-hidden="true" className="alert__icon" />
      <div className="alert__body">
        {children}
        {actions && <div className="alert__actions">{actions}</div>}
      </div>
    </div>
  );
}
