import { render, screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { TextField } from "./text-field";

it("keeps its own error announced when the caller adds an aria-describedby of its own", () => {
  render(
    <>
      <TextField
        label="Password"
        hint="At least 8 characters"
        error="Choose a stronger password"
        aria-describedby="meter"
      />
      <p id="meter">Strength: weak</p>
    </>,
  );
  const field = screen.getByLabelText("Password");
  expect(field.getAttribute("aria-invalid")).toBe("true");
  const described = (field.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent);
  expect(described).toEqual(["At least 8 characters", "Choose a stronger password", "Strength: weak"]);
});

it("describes the field by nothing when it has no hint, error or caller description", () => {
  render(<TextField label="Email" />);
  expect(screen.getByLabelText("Email").hasAttribute("aria-describedby")).toBe(false);
});
