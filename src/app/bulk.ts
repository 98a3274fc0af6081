/**
 * The contract between a bulk use-case (many records sent, one by one, through the client's pipeline) and the face
 * that runs it: the face hands it when to stop and how to count (Ctrl-C, a progress bar: cli/stoppable.ts
 * runBulk), the use-case gives back a record of each item, and the face reports them.
 */
import type { CondoError } from '../domain/errors.js';

/** What a bulk use-case is handed by the face that runs it: when to stop sending, when to cut off, how far it is. */
export interface BulkHooks {
  /** no new item is sent once it aborts (Ctrl-C); those in flight finish */
  stop?: AbortSignal;
  /** those in flight are cut off */
  signal?: AbortSignal;
  onResult?: (done: number, total: number) => void;
}

/** One record of a bulk run as its face reports it. */
export type BulkRecord =
  | { ok: true; label: string; data: unknown; already?: boolean }
  | { ok: false; label: string; error: CondoError; notSent?: true };
