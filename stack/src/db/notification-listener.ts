import pg from "pg";
import { quoteIdent } from "./quote-ident.ts";

export interface NotificationSubscription {
  channel: string;
  onNotification: (payload: string) => void;
  /**
   * Called once LISTEN on `channel` is in place, and again after every reconnection: catch up on
   * what changed while nobody listened. A rejection is reported to `onError` and the call retried.
   */
  onListening: () => Promise<void>;
  onError: (error: unknown) => void;
}

export interface NotificationListener {
  /** Stops this subscription (waiting for its `onListening` in progress); the last one closes the connection. */
  stop(): Promise<void>;
}

export interface NotificationHub {
  listen(subscription: NotificationSubscription): NotificationListener;
  /** Resolves once every subscriber is listening and its `onListening` finished (or failed). */
  caughtUp(): Promise<void>;
  /** Ends every subscription and the connection. */
  close(): Promise<void>;
}

export interface NotificationHubOptions {
  /** Connection string of the database to listen on (the admin URL). */
  url: string;
  /** Pause before reconnecting after the server went away (default 500 ms). */
  retryMs?: number;
}

interface Subscriber extends NotificationSubscription {
  /** The connection this subscriber listens and caught up on. */
  connection?: pg.Client;
  catchingUp?: Promise<void>;
  retry?: NodeJS.Timeout;
}

/**
 * One dedicated connection (outside the shared pools, which it would hold forever) that LISTENs on
 * every channel the stack's workers subscribe to — each PostgreSQL backend costs several MiB, so
 * cron, net and the REST schema cache share it. Opened with the first subscription, closed with the
 * last, and reconnected when the server goes away (db reset, restart). PostgreSQL delivers a NOTIFY
 * when the notifying transaction commits, never when it rolls back.
 * @example const listener = db.listen({ channel: "parley_net_requests", onNotification, onListening, onError });
 */
export function createNotificationHub(options: NotificationHubOptions): NotificationHub {
  const subscribers = new Set<Subscriber>();
  const subscriptions = new Set<Promise<void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let inFlight = false;
  let reconnect: NodeJS.Timeout | undefined;

  const listeningOn = () => new Set([...subscribers].map((subscriber) => subscriber.channel));

  const catchUp = (subscriber: Subscriber, connection: pg.Client) => {
    subscriber.connection = connection;
    clearTimeout(subscriber.retry);
    subscriber.catchingUp = subscriber.onListening().catch((error: unknown) => {
      subscriber.onError(error);
      if (!subscribers.has(subscriber) || client !== connection) return; // a reconnection catches up anyway
      subscriber.retry = setTimeout(() => catchUp(subscriber, connection), options.retryMs ?? 500);
    });
  };

  const scheduleReconnect = () => {
    if (subscribers.size === 0 || reconnect) return;
    reconnect = setTimeout(() => {
      reconnect = undefined;
      startConnecting();
    }, options.retryMs ?? 500);
  };

  const startConnecting = () => {
    inFlight = true;
    connecting = connect().finally(() => {
      inFlight = false;
    });
  };

  const connect = async () => {
    const own = new pg.Client({ connectionString: options.url, application_name: "parley-stack-listener" });
    own.on("notification", (message) => {
      for (const subscriber of subscribers)
        if (subscriber.channel === message.channel) subscriber.onNotification(message.payload ?? "");
    });
    own.on("error", () => {
      if (client !== own) return;
      client = undefined;
      void own.end().catch(() => undefined);
      scheduleReconnect();
    });
    try {
      await own.connect();
      if (subscribers.size === 0) {
        await own.end();
        return;
      }
      client = own;
      const channels = listeningOn();
      for (const channel of channels) await own.query(`listen ${quoteIdent(channel)}`);
      // Those who subscribed during the LISTENs above are listened for by their own `subscribe`.
      for (const subscriber of subscribers) if (channels.has(subscriber.channel)) catchUp(subscriber, own);
    } catch (error) {
      for (const subscriber of subscribers) subscriber.onError(error);
      if (client === own) client = undefined;
      await own.end().catch(() => undefined);
      scheduleReconnect();
    }
  };

  const subscribe = async (subscriber: Subscriber) => {
    if (!inFlight && client === undefined && reconnect === undefined) {
      startConnecting(); // catches up every subscriber once listening, this one included
      return;
    }
    await connecting;
    const own = client;
    // Not connected: a reconnection is due and catches up. Or the connection already listened for it.
    if (own === undefined || !subscribers.has(subscriber) || subscriber.connection === own) return;
    try {
      await own.query(`listen ${quoteIdent(subscriber.channel)}`);
    } catch {
      return; // the connection broke: its error handler reconnects, and that catches up
    }
    if (client === own && subscribers.has(subscriber) && subscriber.connection !== own) catchUp(subscriber, own);
  };

  const unsubscribe = async (subscriber: Subscriber) => {
    if (!subscribers.delete(subscriber)) return;
    clearTimeout(subscriber.retry);
    await subscriber.catchingUp;
    if (subscribers.size > 0) {
      if (!listeningOn().has(subscriber.channel))
        await client?.query(`unlisten ${quoteIdent(subscriber.channel)}`).catch(() => undefined);
      return;
    }
    clearTimeout(reconnect);
    reconnect = undefined;
    await connecting?.catch(() => undefined);
    if (subscribers.size > 0) return; // someone subscribed meanwhile and uses the connection
    connecting = undefined;
    const own = client;
    client = undefined;
    await own?.end().catch(() => undefined);
  };

  return {
    listen(subscription) {
      const subscriber: Subscriber = { ...subscription };
      subscribers.add(subscriber);
      const subscribed = subscribe(subscriber);
      subscriptions.add(subscribed);
      void subscribed.finally(() => subscriptions.delete(subscribed));
      return {
        async stop() {
          await subscribed;
          await unsubscribe(subscriber);
        },
      };
    },
    async caughtUp() {
      await Promise.all([...subscriptions]);
      await connecting?.catch(() => undefined);
      await Promise.all([...subscribers].map((subscriber) => subscriber.catchingUp));
    },
    async close() {
      await Promise.all([...subscribers].map((subscriber) => unsubscribe(subscriber)));
    },
  };
}
