import type { ServerOptions } from "node:http";

/**
 * Limits of the gateway's HTTP server. Hosted Supabase puts a proxy in front of every service;
 * these are the stack's equivalents, so one client cannot exhaust memory or hold sockets forever.
 */
export interface HttpLimits {
  /**
   * Largest request body the gateway passes to a service that does not police its own (REST,
   * functions, realtime's HTTP API). Storage streams uploads to disk under its own size limits
   * and auth answers GoTrue's 413 past 1 MiB on its own.
   */
  maxBodyBytes: number;
  /** The whole request (headers and body) must arrive within this; else 408 and the socket closes. */
  requestTimeoutMs: number;
  /** The request headers must arrive within this (slowloris); else 408 and the socket closes. */
  headersTimeoutMs: number;
  /** Largest total size of request headers; past it Node answers 431 and closes the socket. */
  maxHeaderBytes: number;
}

/**
 * 20 MiB covers any JSON a REST insert or an edge function sensibly takes; the timeouts are
 * Node's own defaults (made explicit); 16 KiB of headers is Node's default and roughly nginx's.
 */
export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  maxBodyBytes: 20 * 1024 * 1024,
  requestTimeoutMs: 300_000,
  headersTimeoutMs: 60_000,
  maxHeaderBytes: 16 * 1024,
};

/** Node server options enforcing the limits; expiry is checked often enough to honour short timeouts. */
export function serverOptions(limits: HttpLimits): ServerOptions {
  const headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return {
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout,
    maxHeaderSize: limits.maxHeaderBytes,
    connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(headersTimeout / 4))),
  };
}
