import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it } from "vitest";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { keepFocusState } from "../../lib/focus-on-navigation";
import { PageHeading } from "./page-heading";

function Page({ title }: { title: string }) {
  return (
    <>
      <Link to="/next">next</Link>
      <Link to="/same-control" state={keepFocusState}>
        keep focus
      </Link>
      <PageHeading>{title}</PageHeading>
    </>
  );
}

it("moves focus to the new page's heading after a navigation, but not on landing or when asked to keep it", async () => {
  const router = createMemoryRouter(
    [
      { path: "/", element: <Page title="Landing" /> },
      { path: "/next", element: <Page title="Next" /> },
      { path: "/same-control", element: <Page title="Same control" /> },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} />);

  expect(document.activeElement).toBe(document.body);

  await userEvent.click(screen.getByRole("link", { name: "next" }));
  expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Next" }));

  const keepFocus = screen.getByRole("link", { name: "keep focus" });
  await userEvent.click(keepFocus);
  expect(screen.getByRole("heading", { name: "Same control" })).not.toBe(document.activeElement);
  expect(document.activeElement).toBe(keepFocus);
});
