import { useCallback } from "react";
import { useIntl } from "react-intl";
import type { MessageId } from "./messages";

type MessageValues = Record<string, string | number | Date>;

/**
 * A typed message formatter: `t("home.intro", { count: 6 })`. Keys come from the English catalog
 * and arguments are ICU arguments — never concatenate translated fragments.
 */
export function useTranslate(): (id: MessageId, values?: MessageValues) => string {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}
