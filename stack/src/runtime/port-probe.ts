import { createServer } from "node:net";
import { PortInUseError } from "../gateway/index.ts";

/** Fails with PortInUseError (naming the config key) when something already listens on the port. */
export function assertPortFree(port: number, configKey: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", () => reject(new PortInUseError(port, configKey)));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}

/** A port nothing listens on right now (the OS picks it). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
