/** Short names people know for the MIME types the attachments bucket takes. */
const labels: Record<string, string> = {
  "image/jpeg": "JPEG",
  "image/svg+xml": "SVG",
  "text/plain": "TXT",
  "text/markdown": "MD",
  "application/gzip": "GZ",
  "application/msword": "DOC",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "DOCX",
  "application/vnd.ms-excel": "XLS",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "XLSX",
  "application/vnd.ms-powerpoint": "PPT",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "PPTX",
  "application/vnd.oasis.opendocument.text": "ODT",
  "application/vnd.oasis.opendocument.spreadsheet": "ODS",
  "application/vnd.oasis.opendocument.presentation": "ODP",
  "audio/mpeg": "MP3",
  "audio/mp4": "M4A",
  "video/quicktime": "MOV",
};

/** `application/pdf` → `PDF`, `application/vnd.ms-excel` → `XLS`; unknown types by their subtype. */
export function fileTypeLabel(mimeType: string): string {
  return labels[mimeType] ?? (mimeType.split("/")[1] ?? mimeType).replace(/^x-/, "").toUpperCase();
}

/** The distinct short names of a list of MIME types, in order (`audio/webm` and `video/webm` are one WEBM). */
export function fileTypeLabels(mimeTypes: string[]): string[] {
  return [...new Set(mimeTypes.map(fileTypeLabel))];
}
