import pg from "pg";
import { quoteIdent } from "./quote-ident.ts";

export interface NotificationListenerOptions {
  /** Connection string of the database to listen on (the admin URL). */
  url: string;
  channels: readonly string[];
  onNotification: (channel: string, payload: string) => void;
  /**
   * Called after every (re)connection, once LISTEN is in place: catch up on what changed while
   * nobody listened.
   */
  onListening: () => Promise<void>;
  onError: (error: unknown) => void;
  /** Pause before reconnecting after the server went away (default 500 ms). */
  retryMs?: number;
}

export interface NotificationListener {
  stop(): Promise<void>;
}

/**
 * A dedicated connection (outside the shared pools, which it would hold forever) that LISTENs on
 * the given channels and reconnects when the server goes away (db reset, restart). PostgreSQL
 * delivers a NOTIFY when the notifying transaction commits, never when it rolls back.
 * @example const listener = listenForNotifications({ url: db.url, channels: ["parley_net_requests"], … });
 */
export function listenForNotifications(options: NotificationListenerOptions): NotificationListener {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;

  const scheduleRetry = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connecting = connect();
    }, options.retryMs ?? 500);
  };

  const connect = async () => {
    const own = new pg.Client({ connectionString: options.url, application_name: "parley-stack-listener" });
    own.on("notification", (message) => options.onNotification(message.channel, message.payload ?? ""));
    own.on("error", () => {
      if (client !== own) return;
      client = undefined;
      void own.end().catch(() => undefined);
      scheduleRetry();
    });
    try {
      await own.connect();
      if (stopped) {
        await own.end();
        return;
      }
      client = own;
      for (const channel of options.channels) await own.query(`listen ${quoteIdent(channel)}`);
      await options.onListening();
    } catch (error) {
      if (stopped) return;
      options.onError(error);
      if (client === own) client = undefined;
      await own.end().catch(() => undefined);
      scheduleRetry();
    }
  };

  connecting = connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await connecting?.catch(() => undefined);
      const own = client;
      client = undefined;
      await own?.end().catch(() => undefined);
    },
  };
}
