import Download from "lucide-react/icons/download";
import FileText from "lucide-react/icons/file-text";
import { useIntl } from "react-intl";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useSignedLinks } from "../api/attachments";
import type { Attachment } from "../api/types";
import { fileTypeLabel } from "./file-type-label";
import { formatBytes } from "./format-bytes";

/**
 * A message's files: images previewed at their stored size (space reserved before they load),
 * other files as a name, type and size with a download link. Links are signed, private-bucket
 * URLs; an image that fails to load (an expired link) asks for fresh ones.
 */
export function AttachmentList({ files }: { files: Attachment[] }) {
  const t = useTranslate();
  const intl = useIntl();
  const links = useSignedLinks(files);
  if (files.length === 0) return null;
  return (
    <ul className="attachment-list" aria-label={t("channels.attachments.label")}>
      {files.map((file) => {
        const link = links.data?.get(file.object_path);
        const size = formatBytes(intl, file.size_bytes);
        if (file.mime_type.startsWith("image/") && file.mime_type !== "image/heic") {
          return (
            <li key={file.id} className="attachment attachment--image">
              {link ? (
                <a href={link.download} aria-label={t("channels.attachments.download", { name: file.name, size })}>
                  <img
                    src={link.view}
                    alt={file.name}
                    width={file.width ?? undefined}
                    height={file.height ?? undefined}
                    className="attachment__image"
                    loading="lazy"
                    onError={() => void links.refetch()}
                  />
                </a>
              ) : (
                <span
                  className="attachment__placeholder"
                  style={{ aspectRatio: file.width && file.height ? `${file.width} / ${file.height}` : undefined }}
                />
              )}
            </li>
          );
        }
        return (
          <li key={file.id} className="attachment attachment--file">
            <FileText size={20} aria-hidden="true" />
            <span className="attachment__name" dir="auto">
              {file.name}
            </span>
            <span className="attachment__size">
              {t("channels.attachments.details", { type: fileTypeLabel(file.mime_type), size })}
            </span>
            {link && (
              <a
                className="attachment__download"
                href={link.download}
                aria-label={t("channels.attachments.download", { name: file.name, size })}
              >
                <Download size={16} aria-hidden="true" />
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
