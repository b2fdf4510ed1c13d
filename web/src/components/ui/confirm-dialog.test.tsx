import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./confirm-dialog";
import { PanelDialog } from "./panel-dialog";

function Confirm({ onConfirm = () => undefined }: { onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      trigger={<button type="button">Delete</button>}
      title="Delete this message?"
      description="It cannot be undone."
      confirmLabel="Delete message"
      cancelLabel="Keep it"
      open={open}
      onOpenChange={setOpen}
      onConfirm={onConfirm}
    />
  );
}

function Panel() {
  const [open, setOpen] = useState(false);
  return (
    <PanelDialog
      trigger={<button type="button">Pinned</button>}
      title="Pinned messages"
      closeLabel="Close"
      open={open}
      onOpenChange={setOpen}
    >
      <p>Nothing pinned yet</p>
    </PanelDialog>
  );
}

describe("ConfirmDialog", () => {
  it("is only its trigger until opened, announced as opening a dialog", () => {
    render(<Confirm />);
    const trigger = screen.getByRole("button", { name: "Delete" });
    expect(trigger.getAttribute("aria-haspopup")).toBe("dialog");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens on a click, confirms, and gives focus back to the trigger when Escape closes it", async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(<Confirm onConfirm={onConfirm} />);
    const trigger = screen.getByRole("button", { name: "Delete" });

    await user.click(trigger);
    const dialog = await screen.findByRole("dialog", { name: "Delete this message?" });
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    await user.click(screen.getByRole("button", { name: "Delete message" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(dialog.isConnected).toBe(true);

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});

describe("PanelDialog", () => {
  it("shows its content once opened and gives focus back to the trigger when closed", async () => {
    const user = userEvent.setup();
    render(<Panel />);
    const trigger = screen.getByRole("button", { name: "Pinned" });
    await user.click(trigger);
    expect(await screen.findByRole("dialog", { name: "Pinned messages" })).toBeTruthy();
    expect(screen.getByText("Nothing pinned yet")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});
