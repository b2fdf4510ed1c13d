import type { ComponentProps } from "react";
import { ResizableSidePanel } from "../../../components/ui/resizable-side-panel";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { ThreadPanel } from "./thread-panel";

/** The thread panel in its resizable pane beside the timeline: one chunk, loaded when a thread first opens. */
export function ThreadPane(props: ComponentProps<typeof ThreadPanel>) {
  const t = useTranslate();
  return (
    <ResizableSidePanel label={t("channels.thread.resize")} storageKey="parley.thread-panel-width">
      {/* One panel per thread: its state never carries over to the next thread opened. */}
      <ThreadPanel key={props.parentId} {...props} />
    </ResizableSidePanel>
  );
}
