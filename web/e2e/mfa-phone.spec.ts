import { createAccount, signOut, submitPassword } from "./support/accounts";
import { newPageIn, startDedicatedEnvironment } from "./support/dedicated-environment";
import { listEmails, waitForEmail } from "./support/mailbox";
import { expect, message, test } from "./support/test";

// Phone factors on: the stack "texts" codes into its mailbox.
// At most one text a second (the default interval would refuse the sign-in text right after enrolment).
const environment = startDedicatedEnvironment({
  SUPABASE_AUTH_MFA_PHONE_ENROLL_ENABLED: "true",
  SUPABASE_AUTH_MFA_PHONE_VERIFY_ENABLED: "true",
  SUPABASE_AUTH_MFA_PHONE_MAX_FREQUENCY: "1s",
});

test.describe("phone factors, where the server has them on", () => {
  test.setTimeout(120_000);
  test("enrol a phone with the texted code, then sign in again through a texted code", async ({ browser }) => {
    const { stack } = environment();
    const page = await newPageIn(browser, environment());
    const account = await createAccount(stack, "mfa-phone");
    const phone = `+4477${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const mailbox = stack.INBUCKET_URL ?? "";
    await submitPassword(page, account, "en", "/account/security");
    await expect(page).toHaveURL(/\/en\/account\/security$/);

    await page.getByRole("button", { name: message("en", "mfa.add.phone") }).click();
    await page.getByLabel(message("en", "mfa.enrol.phone")).fill(phone);
    await page.getByRole("button", { name: message("en", "mfa.enrol.sendCode") }).click();
    const first = await waitForEmail(mailbox, { to: phone });
    await page.getByLabel(message("en", "mfa.code.label")).fill(first.code ?? "");
    await page.getByRole("button", { name: message("en", "mfa.enrol.verify") }).click();
    await expect(page.getByText(message("en", "mfa.done.added"))).toBeVisible();

    await signOut(page, "en");
    await expect(page.getByRole("link", { name: message("en", "header.signIn") })).toBeVisible();
    await submitPassword(page, account, "en", "/account/security");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "mfa.challenge.title"));
    // The enrolment text may be less than max_frequency (1 s) old: the server then refuses with a
    // wait, which the app shows; send again until the text goes out.
    const send = page.getByRole("button", { name: message("en", "mfa.phone.send").replace("{phone}", phone) });
    await expect(async () => {
      await send.click();
      await expect.poll(async () => (await listEmails(mailbox, phone)).length, { timeout: 3_000 }).toBeGreaterThan(1);
    }).toPass({ timeout: 20_000 });
    const second = await waitForEmail(mailbox, { to: phone, seen: [first.id] });
    await page.getByLabel(message("en", "mfa.code.label")).fill(second.code ?? "");
    await page.getByRole("button", { name: message("en", "mfa.challenge.submit") }).click();
    await expect(page).toHaveURL(/\/en\/account\/security$/);
    await page.context().close();
  });
});
