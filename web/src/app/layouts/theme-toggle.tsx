import Moon from "lucide-react/icons/moon";
import Sun from "lucide-react/icons/sun";
import { Button } from "../../components/ui/button";
import { useTranslate } from "../../lib/i18n/use-translate";
import { useTheme } from "../../lib/theme/use-theme";

/**
 * Flips between light and dark, remembering the choice; until then the system decides. In the
 * header it is an icon; in the user menu (`labelled`) it shows its label too.
 */
export function ThemeToggle({ labelled = false }: { labelled?: boolean }) {
  const t = useTranslate();
  const { theme, setTheme } = useTheme();
  const next = theme === "dark" ? "light" : "dark";
  const label = next === "dark" ? t("theme.switchToDark") : t("theme.switchToLight");
  return (
    <Button
      variant="quiet"
      className={labelled ? "user-menu__item" : undefined}
      onClick={() => setTheme(next)}
      title={labelled ? undefined : label}
    >
      {next === "dark" ? <Moon size={18} aria-hidden="true" /> : <Sun size={18} aria-hidden="true" />}
      <span className={labelled ? undefined : "visually-hidden"}>{label}</span>
    </Button>
  );
}
