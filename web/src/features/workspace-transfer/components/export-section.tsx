import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FunctionCallError } from "../../../lib/function-error";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { CurrentWorkspace } from "../../../lib/workspace/workspace-outlet";
import { useExportWorkspace } from "../api/export-workspace";
import { saveFile } from "../api/save-file";
import { TransferProgress } from "./transfer-progress";
import { transferErrorMessageId } from "./transfer-error";

/** "Export workspace": builds the archive on the server and downloads it. */
export function ExportSection({ workspace }: { workspace: CurrentWorkspace }) {
  const t = useTranslate();
  const exporter = useExportWorkspace(workspace.id);
  const [savedAs, setSavedAs] = useState<string | null>(null);
  const failureCode =
    exporter.error instanceof FunctionCallError ? exporter.error.code : exporter.error ? "unknown" : undefined;

  function start() {
    setSavedAs(null);
    exporter.mutate(undefined, {
      onSuccess: (archive) => {
        const fileName = `parley-${workspace.slug}-${new Date().toISOString().slice(0, 10)}.zip`;
        saveFile(archive, fileName);
        setSavedAs(fileName);
      },
    });
  }

  return (
    <section className="transfer-section" aria-labelledby="export-title">
      <h2 id="export-title">{t("transfer.export.title")}</h2>
      <p>{t("transfer.export.description")}</p>
      {exporter.isPending && <TransferProgress label={t("transfer.export.pending")} />}
      {failureCode && (
        <Alert tone="error">
          <p>{t(transferErrorMessageId(failureCode))}</p>
        </Alert>
      )}
      {savedAs && (
        <Alert tone="success">
          <p>{t("transfer.export.done", { file: savedAs })}</p>
        </Alert>
      )}
      <div>
        <Button onClick={start} pending={exporter.isPending}>
          {t("transfer.export.submit")}
        </Button>
      </div>
    </section>
  );
}
