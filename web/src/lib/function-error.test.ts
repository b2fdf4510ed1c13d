import { FunctionsFetchError, FunctionsHttpError } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { FunctionCallError, functionErrorCode, invokeFunction } from "./function-error";
import { z } from "zod";

const httpError = (status: number, body: string) =>
  new FunctionsHttpError(new Response(body, { status, headers: { "content-type": "application/json" } }));

describe("functionErrorCode", () => {
  it("reads the code of a function's JSON error", async () => {
    expect(
      await functionErrorCode(httpError(409, JSON.stringify({ error: { code: "already_member", message: "x" } }))),
    ).toBe("already_member");
  });

  it("says unknown for a body that is not the functions' error shape", async () => {
    expect(await functionErrorCode(httpError(500, "<html>oops</html>"))).toBe("unknown");
    expect(await functionErrorCode(httpError(500, JSON.stringify({ message: "no code" })))).toBe("unknown");
  });

  it("says network when the function could not be reached", async () => {
    expect(await functionErrorCode(new FunctionsFetchError(new TypeError("Failed to fetch")))).toBe("network");
  });
});

describe("invokeFunction", () => {
  it("returns the validated data, or throws a FunctionCallError with the code", async () => {
    const schema = z.object({ ok: z.boolean() });
    await expect(invokeFunction(() => Promise.resolve({ data: { ok: true }, error: null }), schema)).resolves.toEqual({
      ok: true,
    });
    const failure = invokeFunction(
      () =>
        Promise.resolve({ data: null, error: httpError(410, JSON.stringify({ error: { code: "invitation_used" } })) }),
      schema,
    );
    await expect(failure).rejects.toEqual(new FunctionCallError("invitation_used"));
    await expect(failure).rejects.toHaveProperty("code", "invitation_used");
  });
});
