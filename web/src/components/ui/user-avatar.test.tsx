import { fireEvent, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { UserAvatar } from "./user-avatar";

describe("UserAvatar", () => {
  it("shows the picture, hidden from screen readers since the name is written beside it", () => {
    const { container } = render(<UserAvatar name="Ada Lovelace" imageUrl="https://example.test/ada.png" />);
    const avatar = container.querySelector("[data-avatar]");
    expect(avatar?.getAttribute("aria-hidden")).toBe("true");
    expect(avatar?.querySelector("img")?.getAttribute("src")).toBe("https://example.test/ada.png");
    expect(avatar?.querySelector("img")?.getAttribute("alt")).toBe("");
  });

  it("shows the initials without a picture, and when the picture fails to load", () => {
    const { container, rerender } = render(<UserAvatar name="Ada Lovelace" imageUrl={null} />);
    expect(container.textContent).toBe("AL");
    rerender(<UserAvatar name="Ada Lovelace" imageUrl="https://example.test/missing.png" />);
    fireEvent.error(container.querySelector("img") as HTMLImageElement);
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toBe("AL");
  });
});
