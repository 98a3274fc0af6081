import { stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { UsageError } from '../domain/errors.js';

/**
 * The files a verb was given, with the patterns the shell left alone expanded here: cmd and PowerShell do not
 * expand `*`, and neither does a shell whose pattern matched nothing (cron on a night with no file hands the
 * pattern itself over). `*`, `?` and `[…]` are expanded by tinyglobby in the system's own case rules (Windows and
 * macOS ignore case, Linux does not); a name that exists as typed is taken as it is, brackets and all.
 */
export interface ExpandOptions {
  /** `--allow-empty`: a pattern that matches nothing is not an error (a cron night with no file) */
  allowEmpty?: boolean;
  platform?: NodeJS.Platform;
  cwd?: string;
}

const GLOB = /[*?[]/;

export async function expandFileArgs(args: readonly string[], opts: ExpandOptions = {}): Promise<string[]> {
  const platform = opts.platform ?? process.platform;
  const cwd = opts.cwd ?? process.cwd();
  const out: string[] = [];
  const unmatched: string[] = [];
  for (const arg of args) {
    if (!GLOB.test(arg) || (await stat(arg).catch(() => undefined))) {
      out.push(arg);
      continue;
    }
    // Windows writes paths with backslashes, which glob syntax reads as escapes
    const pattern = platform === 'win32' ? arg.replaceAll('\\', '/') : arg;
    const { glob } = await import('tinyglobby');
    const found = await glob(pattern, {
      cwd,
      absolute: isAbsolute(arg) || /^[A-Za-z]:[\\/]/.test(arg),
      onlyFiles: true,
      expandDirectories: false,
      caseSensitiveMatch: platform !== 'win32' && platform !== 'darwin',
    });
    if (found.length === 0) unmatched.push(arg);
    // in the order a person reads a folder, whatever the case (Extrato-2026-11.OFX after extrato-2026-10.ofx,
    // not before it); a Windows user reads back the separators they typed
    const order = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    out.push(
      ...found
        .sort((a, b) => order.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0))
        .map((f) => (platform === 'win32' ? f.replaceAll('/', '\\') : f)),
    );
  }
  if (unmatched.length > 0 && !opts.allowEmpty)
    throw new UsageError({
      en: `no files match ${unmatched.map((p) => `"${p}"`).join(', ')} (--allow-empty makes that a quiet exit 0, for a cron night with no file)`,
      pt: `nenhum arquivo corresponde a ${unmatched.map((p) => `"${p}"`).join(', ')} (--allow-empty torna isso uma saída 0 silenciosa, para uma noite de cron sem arquivo)`,
    });
  return out;
}
