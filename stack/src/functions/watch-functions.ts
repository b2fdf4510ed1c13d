// Reload on change, as `supabase functions serve` does (cli serve/watcher.go): write, create,
// remove and rename events, debounced, ignoring editor backups, swap and temp files and
// node_modules/.git folders.
import { watch, type FSWatcher } from "node:fs";
import path from "node:path";

const IGNORED_DIRS = new Set([".git", "node_modules", ".vscode", ".idea", ".DS_Store", "vendor"]);
const DEBOUNCE_MS = 200;

export function isIgnoredChange(file: string): boolean {
  if (file.split(/[\\/]/).some((part) => IGNORED_DIRS.has(part))) return true;
  const base = path.basename(file);
  return (
    base.endsWith("~") ||
    (base.startsWith(".") && (base.endsWith(".swp") || base.endsWith(".swx"))) ||
    base.startsWith("___") ||
    base.endsWith(".tmp") ||
    base.startsWith(".#")
  );
}

export interface FunctionsWatcher {
  close(): void;
}

/**
 * Watches folders recursively and calls `onChange` once per burst of relevant changes.
 * @example const watcher = watchFolders([functionsDir], () => pool.reload());
 */
export function watchFolders(
  folders: string[],
  onChange: (files: string[]) => void,
  onError: (error: Error) => void,
): FunctionsWatcher {
  const watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;
  let changed: string[] = [];
  for (const folder of new Set(folders)) {
    try {
      const watcher = watch(folder, { recursive: true }, (_event, name) => {
        const file = path.join(folder, name?.toString() ?? "");
        if (isIgnoredChange(file)) return;
        changed.push(file);
        clearTimeout(timer);
        timer = setTimeout(() => {
          const files = [...new Set(changed)];
          changed = [];
          onChange(files);
        }, DEBOUNCE_MS);
      });
      watcher.on("error", onError);
      watchers.push(watcher);
    } catch (error) {
      onError(error as Error);
    }
  }
  return {
    close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}
