/**
 * An indeterminate progress bar with its step written out; the step is announced politely as it
 * changes (role="status").
 */
export function TransferProgress({ label }: { label: string }) {
  return (
    <div className="transfer-progress" role="status">
      <progress className="transfer-progress__bar" aria-label={label} />
      <span>{label}</span>
    </div>
  );
}
