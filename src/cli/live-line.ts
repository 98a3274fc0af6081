/**
 * The line a progress bar redraws in place on a terminal's stderr (`\r…`). Another message written there while a
 * bar is live would land in the middle of it ("[####  ] 16% 10/60aguardando 1 s…"); a short note (a rate-limit
 * wait) is shown at the bar's end instead, and a whole line is written on a line of its own, the bar redrawn below.
 */

export interface LiveLine {
  /** a note shown after the bar until the next one ('' clears it) */
  note(text: string): void;
  /** the bar's line cleared, for a message line to be written; the bar comes back at its next draw */
  clear(): void;
  /** the bar's line cleared for good (an error ends the command): what it counts after is not drawn */
  stop(): void;
}

const live = new WeakMap<object, LiveLine>();

/** The bar live on `stream`, if any. */
export const liveLineOn = (stream: object): LiveLine | undefined => live.get(stream);

export function setLiveLine(stream: object, line: LiveLine | undefined): void {
  if (line) live.set(stream, line);
  else live.delete(stream);
}
