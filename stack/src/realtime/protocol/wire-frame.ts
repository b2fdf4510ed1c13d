/** RFC 6455 §5.2 opcodes of the data frames a server sends. */
const OPCODE_TEXT = 0x1;
const OPCODE_BINARY = 0x2;
const FIN = 0x80;

/**
 * One complete, unmasked websocket data frame (RFC 6455 §5.2: servers never mask), text for a
 * string and binary for bytes, header and payload in one buffer. Fan-out builds it once per
 * message and writes the same bytes to every receiver's socket (`Connection.sendFramed`), instead
 * of having `ws` frame the message again for each receiver.
 */
export function wireFrame(data: string | Buffer): Buffer {
  const payload = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  const opcode = typeof data === "string" ? OPCODE_TEXT : OPCODE_BINARY;
  const length = payload.length;
  // Payload length: 7 bits, or 126 + 16 bits, or 127 + 64 bits (network byte order).
  const headerLength = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = FIN | opcode;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}
