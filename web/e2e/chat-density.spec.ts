import type { Locator, Page } from "@playwright/test";
import type { SupabaseClient } from "@supabase/supabase-js";
import { expectNoSeriousViolations } from "./support/axe";
import { signInWithPassword, submitPassword } from "./support/accounts";
import { backdateMessages, writeHistory } from "./support/conversation-history";
import { signedInClient } from "./support/node-client";
import { expect, message, test } from "./support/test";

// The timeline's density, as in the chats people come from: pictures and one header per run of
// messages, times of day under day headings, a compact mode, history that loads as the reader
// scrolls up, a search in the header, and a phone that shows many messages and no tools until asked.

const ada = { email: "ada@parley.test", password: "parley-demo" };
const jonas = { email: "jonas@parley.test", password: "parley-demo" };
// Layla's profile says Arabic: the app stays in it after she signs in (Ada's would switch it to English).
const layla = { email: "layla@parley.test", password: "parley-demo" };

/** A catalog message with its simple `{name}` arguments filled in. */
function text(locale: string, id: string, values: Record<string, string> = {}): string {
  return message(locale, id).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

type Conversation = { id: string; name: string; api: SupabaseClient; adaId: string };

/** A new public channel in the demo workspace, made by Ada. */
async function newChannel(stack: { API_URL: string; PUBLISHABLE_KEY: string }, label: string): Promise<Conversation> {
  const api = await signedInClient(stack, ada);
  const adaId = (await api.auth.getUser()).data.user?.id ?? "";
  const { data: workspace } = await api.from("workspaces").select("id").eq("slug", "demo").single();
  const name = `${label}-${Date.now().toString(36)}`;
  const { data: channel } = await api
    .from("channels")
    .insert({ workspace_id: workspace?.id, name })
    .select("id")
    .single()
    .throwOnError();
  return { id: (channel as { id: string }).id, name, api, adaId };
}

async function post(api: SupabaseClient, channelId: string, body: string): Promise<string> {
  const { data } = await api
    .from("messages")
    .insert({ channel_id: channelId, body })
    .select("id")
    .single()
    .throwOnError();
  return (data as { id: string }).id;
}

const timeline = (page: Page, locale: string, channel: string) =>
  page.getByRole("log", { name: text(locale, "channels.messages.label", { channel }) });
const messageWith = (log: Locator, body: string) => log.getByRole("article").filter({ hasText: body });

test.describe("a dense timeline", () => {
  // Sign-ins, a stack round trip per message and axe scans on a shared two-core machine.
  test.slow();

  test("a run of one person's messages sits under one header with their picture; another person or a pause starts a new one", async ({
    page,
    stack,
  }) => {
    const channel = await newChannel(stack, "grouping");
    const jonasApi = await signedInClient(stack, jonas);
    const first = await post(channel.api, channel.id, "First from Ada");
    const second = await post(channel.api, channel.id, "Second from Ada");
    const third = await post(jonasApi, channel.id, "Jonas answers");
    const fourth = await post(channel.api, channel.id, "Ada again");
    // Everything so far happened ten minutes ago: Ada's next message comes after a pause.
    await backdateMessages(stack.DB_URL ?? "", [first, second, third, fourth], 10);
    await post(channel.api, channel.id, "Ada after a pause");

    await signInWithPassword(page, ada);
    await page.goto(`/en/w/demo/c/${channel.id}`);
    const log = timeline(page, "en", channel.name);
    const runs: [string, boolean][] = [
      ["First from Ada", true],
      ["Second from Ada", false],
      ["Jonas answers", true],
      ["Ada again", true],
      ["Ada after a pause", true],
    ];
    for (const [body, header] of runs) {
      const item = messageWith(log, body);
      await expect(item).toBeVisible();
      // A header is the person's picture (or initials) and their name, which opens their card.
      await expect(item.locator("[data-avatar]")).toHaveCount(header ? 1 : 0);
      await expect(item.getByRole("button", { name: /Ada|Jonas/ })).toHaveCount(header ? 1 : 0);
    }
    await expectNoSeriousViolations(page);
  });

  test("times show the time of day, the full date on hover and to screen readers, under day headings (Arabic)", async ({
    page,
    stack,
  }) => {
    const channel = await newChannel(stack, "times");
    const old = await post(channel.api, channel.id, "Three days ago");
    await backdateMessages(stack.DB_URL ?? "", [old], 3 * 24 * 60);
    const now = await post(channel.api, channel.id, "Just now");
    const { data } = await channel.api.from("messages").select("created_at").eq("id", now).single().throwOnError();
    const createdAt = new Date((data as { created_at: string }).created_at);

    await signInWithPassword(page, layla, "ar");
    await page.goto(`/ar/w/demo/c/${channel.id}`);
    const log = timeline(page, "ar", channel.name);
    const time = messageWith(log, "Just now").locator("time");
    const timeOfDay = await page.evaluate(
      (iso) => new Intl.DateTimeFormat("ar", { timeStyle: "short" }).format(new Date(iso)),
      createdAt.toISOString(),
    );
    const fullDate = await page.evaluate(
      (iso) => new Intl.DateTimeFormat("ar", { dateStyle: "full", timeStyle: "short" }).format(new Date(iso)),
      createdAt.toISOString(),
    );
    await expect(time.locator('[aria-hidden="true"]')).toHaveText(timeOfDay);
    await expect(time).toHaveAttribute("title", fullDate);
    await time.hover();
    // Screen readers read the full date in place of the short time.
    await expect(time.locator(".visually-hidden")).toHaveText(fullDate);
    // Day headings: the older message's weekday, then today.
    await expect(log.getByRole("heading", { name: message("ar", "channels.dates.today") })).toBeVisible();
    await expect(log.getByRole("heading")).toHaveCount(2);
    await expectNoSeriousViolations(page);
  });

  test("compact mode, chosen on the profile page, drops the pictures and stays chosen", async ({ page, stack }) => {
    const channel = await newChannel(stack, "compact");
    await post(channel.api, channel.id, "Dense enough?");
    await signInWithPassword(page, ada);
    const log = timeline(page, "en", channel.name);
    const avatar = messageWith(log, "Dense enough?").locator("[data-avatar]");
    await page.goto(`/en/w/demo/c/${channel.id}`);
    await expect(avatar).toBeVisible();

    await page.goto("/en/account/profile");
    const compact = page.getByRole("radio", { name: message("en", "account.density.compact") });
    await compact.check();
    await expectNoSeriousViolations(page);
    await page.reload();
    await expect(compact).toBeChecked();

    await page.goto(`/en/w/demo/c/${channel.id}`);
    await expect(messageWith(log, "Dense enough?")).toBeVisible();
    await expect(avatar).toBeHidden();
    await page.goto("/en/account/profile");
    await page.getByRole("radio", { name: message("en", "account.density.comfortable") }).check();
    await page.goto(`/en/w/demo/c/${channel.id}`);
    await expect(avatar).toBeVisible();
  });

  test("scrolling up loads older messages with no button, says so, and keeps the message being read in place", async ({
    page,
    stack,
  }) => {
    const channel = await newChannel(stack, "history");
    // Three pages of history (the timeline loads 50 at a time).
    const bodies = Array.from({ length: 130 }, (_, index) => `History ${index + 1}`);
    await writeHistory(stack.DB_URL ?? "", { channelId: channel.id, authorId: channel.adaId }, bodies);
    // Older pages wait until the test has seen the loading state.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith("/rest/v1/messages") && url.searchParams.has("or"),
      async (route) => {
        await held;
        await route.continue();
      },
    );

    await signInWithPassword(page, ada);
    await page.goto(`/en/w/demo/c/${channel.id}`);
    const log = timeline(page, "en", channel.name);
    await expect(messageWith(log, "History 130")).toBeInViewport();
    await expect(page.getByRole("button", { name: /older/i })).toHaveCount(0);

    // The reader scrolls to the top of the first page: the next one loads, the message stays put.
    // (Scrolled again until it loads: the timeline may still be settling at its end when first told.)
    const reading = messageWith(log, "History 81");
    const loading = page.getByRole("status").filter({ hasText: message("en", "channels.messages.loadingOlder") });
    await expect(async () => {
      await log.evaluate((element) => (element.scrollTop = 0));
      await expect(loading).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await expect(reading).toBeInViewport();
    const before = await reading.boundingBox();
    release();
    await expect(messageWith(log, "History 80")).toBeAttached();
    await expect(loading).toHaveCount(0);
    await expect(reading).toBeInViewport();
    const after = await reading.boundingBox();
    expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThan(40);

    // On to the very beginning, which says so.
    const beginning = log.getByText(text("en", "channels.messages.beginning", { channel: channel.name }));
    await expect(async () => {
      await log.evaluate((element) => (element.scrollTop = 0));
      await expect(beginning).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await expect(log.getByText("History 1", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /older/i })).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });

  test("the header's search opens the conversation at the message, among its neighbours", async ({ page, stack }) => {
    const channel = await newChannel(stack, "find");
    const needle = `Needle ${Date.now().toString(36)}`;
    const bodies = Array.from({ length: 120 }, (_, index) => (index === 10 ? needle : `Hay ${index + 1}`));
    await writeHistory(stack.DB_URL ?? "", { channelId: channel.id, authorId: channel.adaId }, bodies);

    await signInWithPassword(page, ada);
    await page.goto(`/en/w/demo/c/${channel.id}`);
    const log = timeline(page, "en", channel.name);
    await expect(messageWith(log, "Hay 120")).toBeInViewport();
    const search = page.getByRole("searchbox", {
      name: text("en", "channels.search.label", { conversation: `#${channel.name}` }),
    });
    await search.fill(needle);
    await search.press("Enter");
    const results = page.getByRole("region", { name: message("en", "channels.search.results") });
    await expect(results.getByText(needle)).toBeVisible();
    await expectNoSeriousViolations(page);
    await results.getByRole("button", { name: message("en", "channels.search.show") }).click();

    const found = messageWith(log, needle);
    await expect(found).toBeInViewport();
    await expect(found).toBeFocused();
    await expect(messageWith(log, "Hay 10")).toBeInViewport();
    await expect(messageWith(log, "Hay 12")).toBeInViewport();
    await expect(results).toHaveCount(0);
  });
});

test.describe("a dense timeline on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test.slow();

  test("shows many messages and no tools until one is tapped (Arabic)", async ({ page, stack }) => {
    const channel = await newChannel(stack, "phone");
    const bodies = Array.from({ length: 12 }, (_, index) => `Short ${index + 1}`);
    await writeHistory(stack.DB_URL ?? "", { channelId: channel.id, authorId: channel.adaId }, bodies);

    // On a phone the app opens on a conversation, where the account menu (what signing in waits for) is not.
    await submitPassword(page, layla, "ar");
    await expect(page).not.toHaveURL(/sign-in/);
    await page.goto(`/ar/w/demo/c/${channel.id}`);
    const log = timeline(page, "ar", channel.name);
    await expect(messageWith(log, "Short 12")).toBeInViewport();
    const fullyShown = async () => {
      let count = 0;
      for (const item of await log.getByRole("article").all()) {
        if (await item.isVisible()) count += (await item.evaluate(isFullyInside)) ? 1 : 0;
      }
      return count;
    };
    expect(await fullyShown()).toBeGreaterThanOrEqual(8);

    const tools = (body: string) =>
      messageWith(log, body).getByRole("group", { name: message("ar", "channels.actions.label") });
    for (const body of ["Short 11", "Short 12"]) await expect(tools(body)).toHaveCSS("opacity", "0");
    await messageWith(log, "Short 11").getByText("Short 11").tap();
    await expect(tools("Short 11")).toHaveCSS("opacity", "1");
    await expect(tools("Short 12")).toHaveCSS("opacity", "0");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page);
  });
});

/** Whether the element lies wholly inside its scrolling timeline's visible box. */
function isFullyInside(element: Element): boolean {
  const box = element.getBoundingClientRect();
  const frame = element.closest('[role="log"]')?.getBoundingClientRect();
  return frame !== undefined && box.top >= frame.top - 1 && box.bottom <= frame.bottom + 1;
}
