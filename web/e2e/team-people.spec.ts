import type { Page } from "@playwright/test";
import { createAccount, signInWithPassword } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { waitForEmail } from "./support/mailbox";
import { signedInClient } from "./support/node-client";
import { expect, message, test } from "./support/test";

const en = (id: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{${name}}`, value), message("en", id));

/** The token inside an invitation email's link (the auth service's verify URL redirects to the app with it). */
function invitationToken(link: string): string {
  const url = new URL(link);
  const target = new URL(url.searchParams.get("redirect_to") ?? link);
  const token = target.searchParams.get("token") ?? url.searchParams.get("token");
  if (!token) throw new Error(`no invitation token in ${link}`);
  return token;
}

async function openChannel(page: Page, name: string) {
  await page
    .getByRole("navigation")
    .getByRole("link", { name: new RegExp(`^${name}`) })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`#${name}`);
}

async function send(page: Page, channel: string, text: string) {
  const composer = page.getByRole("textbox", { name: `Message #${channel}` });
  await composer.fill(text);
  await composer.press("Enter");
  await expect(composer).toHaveValue("");
}

test.describe("people in a workspace", () => {
  test("invite by email, accept, talk, presence, unread and mention badges, search and a private channel kept from a non-member", async ({
    browser,
    stack,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const owner = await createAccount(stack, "olga", { display_name: `Olga ${stamp}` });
    const invitee = await createAccount(stack, "ivan", { display_name: `Ivan ${stamp}` });
    const ownerContext = await browser.newContext();
    const inviteeContext = await browser.newContext();
    const olga = await ownerContext.newPage();
    const ivan = await inviteeContext.newPage();
    try {
      // Olga creates a workspace and invites Ivan from the members page.
      await signInWithPassword(olga, owner);
      await olga.goto("/en/w");
      const workspaceName = `Crew ${stamp}`;
      await olga.getByLabel(en("workspaces.create.name")).fill(workspaceName);
      await olga.getByRole("button", { name: en("workspaces.create.submit") }).click();
      await expect(olga.getByRole("heading", { level: 1 })).toHaveText(workspaceName);
      await olga.getByRole("link", { name: en("shell.members") }).click();
      await expect(olga.getByRole("heading", { level: 1 })).toHaveText(en("members.title"));
      await olga.getByLabel(en("invites.email")).fill(invitee.email);
      await olga.getByRole("button", { name: en("invites.submit") }).click();
      await expect(olga.getByText(en("invites.sent", { email: invitee.email }))).toBeVisible();
      await expect(
        olga.getByRole("button", { name: en("invites.pending.revokeTo", { email: invitee.email }) }),
      ).toBeVisible();
      await expectNoSeriousViolations(olga);

      // Ivan follows the email's link: it signs him in, accepts and opens the workspace.
      const mail = await waitForEmail(stack.INBUCKET_URL ?? "", { to: invitee.email });
      await ivan.goto(mail.link);
      await expect(ivan.getByRole("heading", { level: 1 })).toHaveText(workspaceName);

      // Both in #general: Olga's message reaches Ivan without reload.
      await openChannel(olga, "general");
      await openChannel(ivan, "general");
      // Presence: each sees the other online. (Checked before sending: the channel view does not yet
      // re-read on subscribing, so a message sent while its subscription is still joining is missed.)
      await expect(olga.getByRole("region", { name: en("presence.title") }).getByText(`Ivan ${stamp}`)).toBeVisible();
      await expect(ivan.getByRole("region", { name: en("presence.title") }).getByText(`Olga ${stamp}`)).toBeVisible();
      await expect(ivan.getByRole("region", { name: en("presence.title") })).toContainText(en("presence.online"));
      await send(olga, "general", `Hello Ivan ${stamp}`);
      await expect(ivan.getByRole("log").getByText(`Hello Ivan ${stamp}`)).toBeVisible();

      // Unread: Ivan looks at the members page while Olga writes again; #general counts it.
      await ivan.getByRole("link", { name: en("shell.members") }).click();
      await expect(ivan.getByRole("heading", { level: 1 })).toHaveText(en("members.title"));
      await expect(ivan.getByText(en("invites.adminsOnly"))).toBeVisible();
      const ivanApi = await signedInClient(stack, invitee);
      const { data: ivanProfile } = await ivanApi.from("profiles").select("username").eq("id", invitee.id).single();
      await send(olga, "general", `@${ivanProfile?.username} 明日の会議室は三階です ${stamp}`);
      const general = ivan.getByRole("navigation").getByRole("link", { name: /^general/ });
      await expect(general).toContainText("1 unread message");
      await expect(general).toContainText("1 mention");
      await openChannel(ivan, "general");
      await expect(ivan.getByRole("navigation").getByRole("link", { name: /^general/ })).not.toContainText("unread");

      // Search, with a Japanese query, finds Olga's message and highlights the match.
      await ivan.getByRole("link", { name: en("shell.search") }).click();
      await ivan.getByRole("searchbox", { name: en("search.query") }).fill("会議室");
      await ivan.getByRole("button", { name: en("search.submit") }).click();
      const results = ivan.getByRole("region", { name: "1 result" });
      await expect(results).toContainText(`明日の会議室は三階です ${stamp}`);
      await expect(results.locator("mark")).toHaveText("会議室");
      await expectNoSeriousViolations(ivan);

      // A private channel of Olga's: Ivan sees neither it nor its messages — not in the app, not by asking the API.
      const olgaApi = await signedInClient(stack, owner);
      const { data: workspace } = await olgaApi
        .from("workspaces")
        .select("id, slug")
        .eq("name", workspaceName)
        .single();
      const { data: secret, error: channelError } = await olgaApi
        .from("channels")
        .insert({ workspace_id: workspace?.id, name: `secret-${stamp}`, is_private: true })
        .select("id")
        .single();
      expect(channelError).toBeNull();
      const secretText = `Secret plan ${stamp}`;
      const { error: postError } = await olgaApi.from("messages").insert({ channel_id: secret?.id, body: secretText });
      expect(postError).toBeNull();
      const { data: seenByIvan, error: readError } = await ivanApi
        .from("messages")
        .select("id, body")
        .eq("channel_id", secret?.id ?? "");
      expect(readError).toBeNull();
      expect(seenByIvan).toEqual([]);
      const { data: searchedByIvan } = await ivanApi.rpc("search_messages", {
        workspace_id: workspace?.id,
        query: "Secret plan",
      });
      expect(searchedByIvan).toEqual([]);
      await ivan.goto(`/en/w/${workspace?.slug}/c/${secret?.id}`);
      await expect(ivan.getByText(en("channels.view.notFound"))).toBeVisible();
      await expect(ivan.getByRole("navigation").getByRole("link", { name: new RegExp(`secret-${stamp}`) })).toHaveCount(
        0,
      );
      await expect(ivan.getByText(secretText)).toHaveCount(0);
      await olga.reload();
      await openChannel(olga, `secret-${stamp}`);
      await expect(olga.getByRole("log").getByText(secretText)).toBeVisible();

      // The used invitation, opened by someone else, says so.
      await olga.goto(`/en/invite?token=${encodeURIComponent(invitationToken(mail.link))}`);
      await expect(olga.getByRole("alert")).toContainText(en("acceptInvite.error.invitation_used"));
      await expectNoSeriousViolations(olga);
    } finally {
      await ownerContext.close();
      await inviteeContext.close();
    }
  });

  test("channel settings: topic saved, archive makes the channel read-only, restore", async ({ page, stack }) => {
    const stamp = Date.now().toString(36);
    const owner = await createAccount(stack, "rita");
    await signInWithPassword(page, owner);
    await page.goto("/en/w");
    await page.getByLabel(en("workspaces.create.name")).fill(`Settings ${stamp}`);
    await page.getByRole("button", { name: en("workspaces.create.submit") }).click();
    await openChannel(page, "general");
    await page.getByRole("link", { name: en("shell.channelSettings", { channel: "general" }) }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      en("channelSettings.title", { channel: "general" }),
    );
    await page.getByLabel(en("channelSettings.topic")).fill("Launch plans");
    await page.getByRole("button", { name: en("channelSettings.save") }).click();
    await expect(page.getByText(en("channelSettings.saved"))).toBeVisible();
    await page.getByLabel(en("channelSettings.name")).fill("bad/name");
    await page.getByRole("button", { name: en("channelSettings.save") }).click();
    await expect(page.getByText(en("channelSettings.nameInvalid"))).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.getByRole("button", { name: en("channelSettings.archive") }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: en("channelSettings.archive") })
      .click();
    await expect(page.getByText(en("channelSettings.archivedNotice"))).toBeVisible();
    await expect(page.getByLabel(en("channelSettings.topic"))).toBeDisabled();
    await page.getByRole("link", { name: en("channelSettings.back", { channel: "general" }) }).click();
    await expect(page.getByText("Launch plans")).toBeVisible();
    await expect(page.getByText(en("channels.composer.archived"))).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Message #general" })).toHaveCount(0);
    // The sidebar keeps an archived channel apart, open while it is being read.
    const sidebar = page.getByRole("navigation", { name: en("workspaces.shell.conversations") });
    const archivedGroup = sidebar
      .locator("details")
      .filter({ has: page.getByText(en("workspaces.shell.archived", { count: "1" })) });
    await expect(archivedGroup.getByRole("link", { name: /^general/ })).toHaveAttribute("aria-current", "page");
    await page.goBack();
    await page.getByRole("button", { name: en("channelSettings.unarchive") }).click();
    await expect(page.getByText(en("channelSettings.archivedNotice"))).toHaveCount(0);
    await expect(archivedGroup).toHaveCount(0);
    await expect(sidebar.getByRole("link", { name: /^general/ })).toBeVisible();
  });

  test("channel settings: privacy of a private channel the owner is not in stays locked; a channel the owner makes private stays theirs", async ({
    page,
    stack,
  }) => {
    const stamp = Date.now().toString(36);
    const owner = await createAccount(stack, "petra");
    const member = await createAccount(stack, "milo");
    const ownerApi = await signedInClient(stack, owner);
    const slug = `locked-${stamp}`;
    const { data: workspace, error: createError } = await ownerApi.rpc("create_workspace", {
      name: `Locked ${stamp}`,
      slug,
    });
    expect(createError).toBeNull();
    // Milo joins as accepting an invitation does: with the secret key (no client adds someone else).
    const joined = await fetch(`${stack.API_URL}/rest/v1/workspace_members`, {
      method: "POST",
      headers: { apikey: stack.SECRET_KEY ?? "", "content-type": "application/json" },
      body: JSON.stringify({ workspace_id: workspace.id, user_id: member.id }),
    });
    expect(joined.status).toBe(201);
    const memberApi = await signedInClient(stack, member);
    // No `.select()`: the new row is readable only once its creator is a member, after the insert.
    const hiddenId = crypto.randomUUID();
    const { error: channelError } = await memberApi
      .from("channels")
      .insert({ id: hiddenId, workspace_id: workspace.id, name: `hidden-${stamp}`, is_private: true });
    expect(channelError).toBeNull();

    // Petra manages Milo's private channel but is not in it: she may change its topic, not publish it.
    await signInWithPassword(page, owner);
    await page.goto(`/en/w/${slug}/c/${hiddenId}/settings`);
    const privacy = page.getByLabel(en("channelSettings.private"));
    await expect(privacy).toBeChecked();
    await expect(privacy).toBeDisabled();
    await expect(privacy).toHaveAccessibleDescription(en("channelSettings.privateMembersOnly"));
    await page.getByLabel(en("channelSettings.topic")).fill("Still private");
    await page.getByRole("button", { name: en("channelSettings.save") }).click();
    await expect(page.getByText(en("channelSettings.saved"))).toBeVisible();
    const { data: saved } = await memberApi.from("channels").select("is_private, topic").eq("id", hiddenId).single();
    expect(saved).toEqual({ is_private: true, topic: "Still private" });
    await expectNoSeriousViolations(page);

    // #general made private by Petra, who never joined it: she becomes a member and keeps it.
    await openChannel(page, "general");
    await page.getByRole("link", { name: en("shell.channelSettings", { channel: "general" }) }).click();
    await page.getByLabel(en("channelSettings.private")).check();
    await page.getByRole("button", { name: en("channelSettings.save") }).click();
    await expect(page.getByText(en("channelSettings.saved"))).toBeVisible();
    await page.getByRole("link", { name: en("channelSettings.back", { channel: "general" }) }).click();
    await expect(page.getByRole("navigation").getByRole("link", { name: /^general/ })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("#general");
    await expect(page.getByRole("textbox", { name: "Message #general" })).toBeVisible();
  });

  test("the invite screen asks a signed-out visitor to sign in and keeps the invitation through it", async ({
    page,
  }) => {
    await page.goto("/en/invite?token=not-a-real-token");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("acceptInvite.title"));
    await expect(page.getByText(en("acceptInvite.signInPrompt"))).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole("link", { name: en("acceptInvite.signIn") }).click();
    await expect(page).toHaveURL(/\/en\/sign-in\?next=%2Finvite%3Ftoken%3Dnot-a-real-token/);
  });
});
