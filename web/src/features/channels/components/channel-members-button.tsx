import Users from "lucide-react/icons/users";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { PanelDialog } from "../../../components/ui/panel-dialog";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useChannelMemberIds } from "../api/channel-members";
import { usePeople } from "../api/list-people";

/** The header's "Members (n)" entry: who has joined the channel, by name and handle, in a dialog. */
export function ChannelMembersButton({ channelId, channelName }: { channelId: string; channelName: string }) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const memberIds = useChannelMemberIds(channelId);
  const people = usePeople();
  const members = (memberIds.data ?? [])
    .map((id) => people.data?.get(id))
    .filter((person) => person !== undefined)
    .sort((a, b) => (a.display_name || a.username).localeCompare(b.display_name || b.username));
  const count = memberIds.data?.length ?? 0;
  return (
    <PanelDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void memberIds.refetch(); // people join and leave while the page is open
      }}
      title={t("channels.members.title", { channel: channelName })}
      closeLabel={t("channels.panel.close")}
      trigger={
        <Button variant="quiet" aria-label={t("channels.members.button", { count })}>
          <Users size={16} aria-hidden="true" /> <span aria-hidden="true">{count}</span>
        </Button>
      }
    >
      <ul className="panel-dialog__list">
        {members.map((person) => (
          <li key={person.id}>
            <span dir="auto">{person.display_name || person.username}</span> <span>@{person.username}</span>
          </li>
        ))}
      </ul>
    </PanelDialog>
  );
}
