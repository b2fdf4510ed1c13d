import path from "node:path";
import type { Logger } from "pino";
import type { PlatformMigration } from "../db/index.ts";
import { listenHttp, type ListeningServer, type ServiceDeps, type StackService } from "../gateway/index.ts";
import { createMailboxServer, createMailer, Outbox, smtpSettingsFromConfig, type Mailer } from "../mail/index.ts";
import { backgroundWorkers } from "./background-workers.ts";
import { runsService, serviceModules, type LoadedService, type ServiceModule } from "./services.ts";
import type { StartConfig } from "./start-plan.ts";
import type { StopSteps } from "./stop-steps.ts";

/** A service module with its code loaded, and whether this start runs it. */
export interface LoadedModule {
  module: ServiceModule;
  code: LoadedService;
  runs: boolean;
}

/**
 * Imports the code of every service this start runs, and of those whose platform SQL it applies.
 * Started before PostgreSQL, so the two overlap.
 */
export async function loadServiceCode(start: StartConfig): Promise<LoadedModule[]> {
  const production = start.production !== undefined;
  const wanted = serviceModules
    .map((module) => ({ module, runs: runsService(module, start.config, production) }))
    .filter(({ module, runs }) => runs || module.platformSql);
  return Promise.all(wanted.map(async ({ module, runs }) => ({ module, runs, code: await module.load() })));
}

/** The services' platform SQL, then the background workers', in that order. */
export async function platformMigrationsOf(loaded: readonly LoadedModule[]): Promise<PlatformMigration[]> {
  const sources = [...loaded.map(({ code }) => code), ...backgroundWorkers];
  return (await Promise.all(sources.map((source) => source.platformMigrations?.() ?? []))).flat();
}

/** The base paths the config switched off, with the setting that did it (the gateway answers 503). */
export function switchedOffServices(start: StartConfig): { basePath: string; setting: string }[] {
  return serviceModules.flatMap((module) =>
    module.switch && !module.switch.enabled(start.config)
      ? [{ basePath: module.switch.basePath, setting: module.switch.setting }]
      : [],
  );
}

/**
 * Step "mail": the outbox, the mailer (SMTP when configured) and, when served, the mailbox on
 * 127.0.0.1. Without a mailbox to read them (production with SMTP), copies of sign-in links stay off disk.
 */
export async function startMail(
  start: StartConfig,
  inbucketPort: number,
  logger: Logger,
  stops: StopSteps,
): Promise<{ outbox: Outbox; mailer: Mailer; mailbox: ListeningServer | undefined }> {
  const outbox = start.serveMailbox ? await Outbox.open(path.join(start.paths.dataDir, "mailbox.json")) : new Outbox();
  const smtp = smtpSettingsFromConfig(start.config);
  if (!start.serveMailbox && start.production === undefined && !smtp) {
    // GoTrue without an SMTP host sends nothing (its no-op mailer): the CLI with Inbucket off does the same
    logger.warn(
      "[inbucket] enabled = false and no [auth.email.smtp]: no mailbox is served and auth emails (confirmations, magic links, recovery) are not delivered",
    );
  }
  // Production mail carries sign-in links: only to an SMTP server that proves who it is.
  const mailer = createMailer({
    outbox,
    smtp: smtp && start.production ? { ...smtp, verifyCertificate: true } : smtp,
    logger,
  });
  stops.add(async () => {
    mailer.close();
    await outbox.flushed();
  });
  const mailbox = start.serveMailbox
    ? await listenHttp(createMailboxServer(outbox), inbucketPort, "inbucket.port")
    : undefined;
  if (mailbox) stops.add(() => mailbox.close());
  return { outbox, mailer, mailbox };
}

/**
 * Step "services": creates every service this start runs, at the same time (none needs another).
 * Those created are stopped again, in reverse order, even when another failed.
 */
export async function createServices(
  loaded: readonly LoadedModule[],
  deps: ServiceDeps,
  stops: StopSteps,
): Promise<StackService[]> {
  const running = loaded.filter(({ runs }) => runs);
  const results = await Promise.allSettled(running.map(({ code }) => code.create(deps)));
  const services: StackService[] = [];
  for (const result of results) {
    if (result.status !== "fulfilled") continue;
    services.push(result.value);
    const stop = result.value.stop;
    if (stop) stops.add(stop);
  }
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  return services;
}
