import { useId, useRef, useState, type FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FunctionCallError } from "../../../lib/function-error";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useImportSlack } from "../api/import-slack";
import { ImportSummaryView } from "./import-summary";
import { TransferProgress } from "./transfer-progress";
import { transferErrorMessageId } from "./transfer-error";

/** "Import from Slack": pick an export .zip, upload it, import it, then show what happened. */
export function ImportSection({ workspaceId }: { workspaceId: string }) {
  const t = useTranslate();
  const fileId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const importer = useImportSlack(workspaceId);
  const [fieldError, setFieldError] = useState<"transfer.import.chooseFile" | "transfer.import.notZip" | null>(null);
  const failureCode =
    importer.error instanceof FunctionCallError ? importer.error.code : importer.error ? "unknown" : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    const problem = !file ? "transfer.import.chooseFile" : /\.zip$/i.test(file.name) ? null : "transfer.import.notZip";
    setFieldError(problem);
    if (problem || !file) {
      input.current?.focus();
      return;
    }
    importer.mutate(file);
  }

  return (
    <form className="transfer-section" aria-labelledby="import-title" noValidate onSubmit={submit}>
      <h2 id="import-title">{t("transfer.import.title")}</h2>
      <p id={hintId}>{t("transfer.import.description")}</p>
      <div className="transfer-file">
        <label htmlFor={fileId} className="text-field__label">
          {t("transfer.import.file")}
        </label>
        <input
          ref={input}
          id={fileId}
          type="file"
          accept=".zip,application/zip"
          aria-describedby={fieldError ? `${hintId} ${errorId}` : hintId}
          aria-invalid={fieldError ? true : undefined}
          onChange={() => setFieldError(null)}
        />
        {fieldError && (
          <p id={errorId} className="transfer-file__error" role="alert">
            {t(fieldError)}
          </p>
        )}
      </div>
      {importer.isPending && (
        <TransferProgress
          label={t(importer.phase === "uploading" ? "transfer.import.uploading" : "transfer.import.importing")}
        />
      )}
      {failureCode && (
        <Alert tone="error">
          <p>{t(transferErrorMessageId(failureCode))}</p>
        </Alert>
      )}
      {importer.data && <ImportSummaryView summary={importer.data} />}
      <div>
        <Button type="submit" pending={importer.isPending}>
          {t("transfer.import.submit")}
        </Button>
      </div>
    </form>
  );
}
