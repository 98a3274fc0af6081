import type { IncomingMessage } from 'node:http';

/**
 * An answer given before the request's body was read to its end (a 413 at a file's limit, a 401 or 429 decided
 * from the headers while the client still uploads) waits until the client has sent the rest, reading and
 * discarding it: a socket closed with unread bytes in it sends a TCP reset, and a client still uploading loses the
 * answer it was about to read (ECONNRESET instead of the 413, seen on a loaded machine: #50). HTTP servers do the
 * same (nginx's lingering close). Up to a cap, and only while bytes keep coming: past either, the answer goes out
 * and the connection closes as before.
 */
export const DISCARD_CAP_BYTES = 256 * 1024 * 1024;
export const DISCARD_IDLE_MS = 5_000;

export function discardUnreadBody(
  raw: IncomingMessage,
  capBytes = DISCARD_CAP_BYTES,
  idleMs = DISCARD_IDLE_MS,
): Promise<void> {
  // complete: the parser has every byte of the request already; nothing is left on the socket
  if (raw.complete || raw.destroyed || raw.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    let idle: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(idle);
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('close', done);
      raw.off('error', done);
      resolve();
    };
    const arm = () => {
      clearTimeout(idle);
      idle = setTimeout(done, idleMs);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > capBytes) done();
      else arm();
    };
    // whatever was reading it (a multipart parser that gave up at the limit) reads no more
    raw.unpipe();
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('close', done);
    raw.once('error', done);
    arm();
    raw.resume();
  });
}
