import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { subscribe, unsubscribe, webhooksList } from '../../app/webhooks.js';
import { UsageError } from '../../domain/errors.js';
import { KNOWN_EVENTS, verifyWebhookSignature } from '../../domain/webhooks.js';
import { type Deps, said } from '../context.js';
import { readInput } from '../files.js';
import { urlFlag } from '../flags.js';
import { paint, printable, writeLine } from '../io.js';
import { printJson, printList } from '../output.js';
import { untilStopped } from '../signals.js';

/** Webhook subscriptions, a local receiver for development, and signature checks for integrators. */

export function parseEvents(text: string | undefined): string[] {
  const events = (text ?? 'bank.statement.imported')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const unknown = events.filter((e) => !KNOWN_EVENTS.includes(e));
  if (events.length === 0 || unknown.length > 0) {
    throw new UsageError({
      en: `--events: unknown event ${unknown.join(', ') || '(none)'} (known: ${KNOWN_EVENTS.join(', ')})`,
      pt: `--events: evento desconhecido ${unknown.join(', ') || '(nenhum)'} (conhecidos: ${KNOWN_EVENTS.join(', ')})`,
    });
  }
  return events;
}

export async function listWebhooks(deps: Deps): Promise<number> {
  const rows = await deps.app(webhooksList);
  await printList(
    deps,
    [...rows],
    [
      { header: 'ID', value: (w) => w.id },
      { header: 'URL', value: (w) => w.url },
      { header: { en: 'EVENTS', pt: 'EVENTOS' }, value: (w) => w.events.join(',') },
      { header: { en: 'CREATED', pt: 'CRIADO EM' }, value: (w) => w.created_at, kind: 'instant' },
    ],
  );
  return 0;
}

export async function createWebhook(deps: Deps, url: string, opts: { events?: string }): Promise<number> {
  const body = { url: urlFlag('URL', url).toString(), events: parseEvents(opts.events) };
  const sub = await deps.app(subscribe, body);
  if (deps.format === 'json') printJson(deps, sub);
  else {
    writeLine(deps.io.stdout, `${sub.id}\t${sub.secret ?? ''}`);
    deps.info(
      {
        en: `Subscribed ${sub.url} to ${sub.events.join(', ')}. Keep the secret: it is shown only this once.`,
        pt: `${sub.url} assinado para ${sub.events.join(', ')}. Guarde o segredo: ele só é mostrado esta vez.`,
      },
      true,
    );
  }
  return 0;
}

export async function deleteWebhook(deps: Deps, id: string): Promise<number> {
  await deps.app(unsubscribe, id);
  deps.info({ en: `Deleted subscription ${id}.`, pt: `Assinatura ${id} excluída.` });
  return 0;
}

async function rawBody(req: IncomingMessage, limit = 5_000_000): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('payload too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export interface ListenOptions {
  forwardTo?: string;
  events?: string;
  port?: string;
}

/**
 * A receiver on loopback, subscribed for as long as it runs: each delivery's signature is verified, then the
 * event is printed (one JSON line) or forwarded. Ctrl-C, SIGINT or SIGTERM remove the subscription and stop.
 */
export async function listen(deps: Deps, opts: ListenOptions): Promise<number> {
  const events = parseEvents(opts.events);
  const forwardTo = opts.forwardTo ? urlFlag('--forward-to', opts.forwardTo).toString() : undefined;
  const port = opts.port ? Number(opts.port) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new UsageError({
      en: `--port: "${opts.port}" is not a port`,
      pt: `--port: "${opts.port}" não é uma porta`,
    });
  let secret = '';
  // node:http only for the verb that serves: importing it costs every other command its load (on Node 22 it pulls
  // in Node's own undici)
  const { createServer } = await import('node:http');
  const server = createServer(async (req, res) => {
    try {
      const body = await rawBody(req);
      const check = verifyWebhookSignature(
        secret,
        req.headers['x-condo-signature'] as string | undefined,
        body,
      );
      const event = String(req.headers['x-condo-event'] ?? '?');
      if (!check.ok) {
        deps.warn({
          en: `refused a delivery of ${event}: ${check.reason.en}`,
          pt: `entrega de ${event} recusada: ${check.reason.pt}`,
        });
        res.writeHead(400).end('invalid signature');
        return;
      }
      if (forwardTo) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        for (const h of ['x-condo-event', 'x-condo-delivery', 'x-condo-signature']) {
          const v = req.headers[h];
          if (typeof v === 'string') headers[h] = v;
        }
        const forwarded = await fetch(forwardTo, { method: 'POST', headers, body });
        deps.info(
          said(`${event} ${req.headers['x-condo-delivery'] ?? ''} -> ${forwardTo} ${forwarded.status}`),
        );
        res.writeHead(forwarded.ok ? 200 : 502).end();
        return;
      }
      writeLine(deps.io.stdout, body.toString('utf8').replace(/\s*\n\s*/g, ' '));
      res.writeHead(200).end();
    } catch (error) {
      deps.warn({
        en: `delivery failed: ${(error as Error).message}`,
        pt: `a entrega falhou: ${(error as Error).message}`,
      });
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  const sub = await deps.app(subscribe, { url, events }).catch((error: unknown) => {
    server.close();
    throw error;
  });
  secret = sub.secret ?? '';
  // the colour is ours, added after the text is made harmless (info() would escape it)
  if (!deps.globals.quiet)
    writeLine(
      deps.io.stderr,
      `${paint(deps.io, 'green', deps.t({ en: 'Ready.', pt: 'Pronto.' }))} ${printable(deps.t({ en: `Listening on ${url} for ${events.join(', ')} (subscription ${sub.id}). Ctrl-C to stop.`, pt: `Escutando em ${url} para ${events.join(', ')} (assinatura ${sub.id}). Ctrl-C para parar.` }))}`,
    );
  await untilStopped();
  server.close();
  await deps.app(unsubscribe, sub.id);
  deps.info({ en: `Subscription ${sub.id} removed.`, pt: `Assinatura ${sub.id} removida.` });
  return 0;
}

/**
 * The secret from `--secret-file`, `CONDO_WEBHOOK_SECRET` or, last and with a warning on a terminal, `--secret`
 * (which every user of the machine can read in `ps`).
 */
async function webhookSecret(deps: Deps, opts: { secret?: string; secretFile?: string }): Promise<string> {
  if (opts.secretFile) {
    const text = (await readInput(deps.io, opts.secretFile, '--secret-file')).toString('utf8').trim();
    if (!text)
      throw new UsageError({
        en: `--secret-file: ${opts.secretFile} is empty`,
        pt: `--secret-file: ${opts.secretFile} está vazio`,
      });
    return text;
  }
  if (opts.secret) {
    if (deps.io.stderr.isTTY)
      deps.warn({
        en: '--secret shows the secret to anyone running ps; use --secret-file or CONDO_WEBHOOK_SECRET',
        pt: '--secret mostra o segredo a quem rodar ps; use --secret-file ou CONDO_WEBHOOK_SECRET',
      });
    return opts.secret;
  }
  const fromEnv = deps.io.env.CONDO_WEBHOOK_SECRET;
  if (!fromEnv)
    throw new UsageError({
      en: 'the secret is required: --secret-file FILE or CONDO_WEBHOOK_SECRET',
      pt: 'o segredo é obrigatório: --secret-file ARQUIVO ou CONDO_WEBHOOK_SECRET',
    });
  return fromEnv;
}

/** For integrators: checks that a payload was signed with the subscription's secret. Exit 0 valid, 1 not. */
export async function verify(
  deps: Deps,
  file: string | undefined,
  opts: { secret?: string; secretFile?: string; signature?: string; tolerance?: string },
): Promise<number> {
  const secret = await webhookSecret(deps, opts);
  if (!opts.signature)
    throw new UsageError({
      en: '--signature is required (the X-Condo-Signature header)',
      pt: '--signature é obrigatório (o cabeçalho X-Condo-Signature)',
    });
  const tolerance = opts.tolerance === undefined ? 300 : Number(opts.tolerance);
  if (!Number.isInteger(tolerance) || tolerance < 0)
    throw new UsageError({
      en: `--tolerance: "${opts.tolerance}" is not a number of seconds`,
      pt: `--tolerance: "${opts.tolerance}" não é um número de segundos`,
    });
  const body = await readInput(deps.io, file ?? '-', 'FILE');
  const check = verifyWebhookSignature(secret, opts.signature, body, { toleranceSeconds: tolerance });
  if (check.ok) {
    writeLine(deps.io.stdout, 'valid');
    return 0;
  }
  writeLine(deps.io.stdout, 'invalid');
  deps.warn(check.reason);
  return 1;
}
