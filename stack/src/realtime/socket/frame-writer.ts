import { writeSync } from "node:fs";
import type { Duplex } from "node:stream";
import { TLSSocket } from "node:tls";

/** What a plain TCP socket's libuv handle exposes: its file descriptor (-1 where there is none, as on Windows). */
type HandleWithDescriptor = { readonly fd?: unknown };

/**
 * Writes complete websocket frames (`protocol/wire-frame.ts`) to one upgraded socket, for fan-out:
 * straight to the socket's file descriptor when nothing waits in the socket ahead of the frame,
 * otherwise through the socket's stream as any write.
 *
 * Why: a fan-out writes the same frame to a thousand sockets in one loop. Through the stream, each
 * write allocates Node's write request and an after-write tick (~230 bytes per receiver, the
 * garbage that made scavenges land inside fan-outs), on top of the one `write()` system call it
 * needs. A direct write is that system call alone. Order is kept: a frame goes direct only while
 * the stream holds nothing unsent (`queued` is 0, as `ws`'s `bufferedAmount` counts it), and what
 * the kernel does not take at once (a full send buffer, a partial write, any error) goes through
 * the stream, which then queues every later frame behind it until it has drained. An error (a
 * reset connection) is left for the stream's own write to meet and report, so the socket closes
 * as it did before. The descriptor is read at each write, never kept: once the socket is
 * destroyed its handle is gone (the number may already belong to another connection).
 *
 * Encrypted sockets and sockets without a descriptor always go through the stream.
 *
 * @example
 * const writer = new FrameWriter(socket);
 * writer.write(frame, ws.bufferedAmount);
 */
export class FrameWriter {
  private readonly direct: boolean;

  constructor(private readonly socket: Duplex) {
    this.direct = !(socket instanceof TLSSocket);
  }

  /** `queued`: bytes already waiting in this socket (written, not yet taken by the kernel). */
  write(frame: Buffer, queued: number): void {
    const fd = this.direct && queued === 0 ? this.descriptor() : -1;
    if (fd < 0) {
      this.socket.write(frame);
      return;
    }
    let written = 0;
    try {
      written = writeSync(fd, frame);
    } catch {
      // EAGAIN (the kernel's send buffer is full) or a broken connection: the stream takes over.
    }
    if (written < frame.length) this.socket.write(written === 0 ? frame : frame.subarray(written));
  }

  private descriptor(): number {
    const handle = (this.socket as { _handle?: HandleWithDescriptor | null })._handle;
    const fd = handle?.fd;
    return typeof fd === "number" && fd >= 0 ? fd : -1;
  }
}
