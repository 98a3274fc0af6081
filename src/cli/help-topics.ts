/**
 * `condo help TOPIC`: what a man page would say, for what no single verb's --help covers. In English, with its
 * Portuguese beside it (`pt`): the English stays the topic's own text, so what reads it (its tests) stands.
 */
export interface HelpTopic {
  summary: string;
  text: string;
  pt?: { summary: string; text?: string };
}

export const HELP_TOPICS: Readonly<Record<string, HelpTopic>> = {
  'exit-codes': {
    summary: 'what each exit status means, for scripts and cron',
    text: `Exit codes: one meaning each, for every verb

  0    done
  1    done, with something left for a person: a statement line no rule settled, a payment the bank's
       return refused or carries without a code, a boleto the DDA shows changed, a finding of cnab
       lint
  2    refused, nothing done: a flag, a file line, a field the server refused (422), a person's no
       at a prompt, or an environment condo cannot run in (no SQLite for the sandbox)
  3    authentication or authorization: no credentials, a wrong secret, a scope the client lacks
  4    not found: the id, or a payable's start, end or seu número, matches nothing; a config key not set
  5    conflict: a state that forbids it (a marked payable edited, a returned batch canceled), or an
       Idempotency-Key reused with another body
  6    rate limited, after waiting as the server asked
  7    the API is unreachable or unavailable after the retries (try again later); for a write whose
       outcome is unknown the message gives the command to run again with the same --idempotency-key
  8    failed otherwise: a server error (500) the retry did not clear, an answer condo cannot read, a
       defect in condo (the message says which; report it)
  130  interrupted (Ctrl-C; 143 for SIGTERM): a bulk run reports what was done; the same command resumes

With --json a run's result carries "outcome", the code as a word: done, needs_person, refused,
unauthorized, not_found, conflict, rate_limited, unavailable, failed, interrupted. A failure also prints
{"error":{...},"exit_code":N,"outcome":"..."} on stdout, one line per run for a log.`,
    pt: {
      summary: 'o que cada código de saída significa, para scripts e cron',
      text: `Códigos de saída: um significado cada, para todo verbo

  0    feito
  1    feito, com algo para uma pessoa: uma linha de extrato que nenhuma regra resolveu, um pagamento
       que o retorno do banco recusou ou traz sem código, um boleto que o DDA mostra alterado, um
       achado do cnab lint
  2    recusado, nada feito: uma opção, uma linha de arquivo, um campo que o servidor recusou (422),
       um não de uma pessoa a uma pergunta, ou um ambiente onde o condo não roda (sem SQLite para o
       sandbox)
  3    autenticação ou autorização: sem credenciais, segredo errado, um escopo que o cliente não tem
  4    não encontrado: o id, ou o começo, o fim ou o seu número de uma conta, não corresponde a nada;
       uma chave de configuração não definida
  5    conflito: um estado que não permite (uma conta marcada editada, um lote com retorno cancelado),
       ou uma Idempotency-Key reusada com outro corpo
  6    limite de requisições, depois de esperar o que o servidor pediu
  7    a API está inalcançável ou indisponível depois das novas tentativas (tente mais tarde); numa
       escrita de resultado desconhecido a mensagem dá o comando para rodar de novo com a mesma
       --idempotency-key
  8    falhou de outro jeito: um erro do servidor (500) que a nova tentativa não resolveu, uma
       resposta que o condo não sabe ler, um defeito do condo (a mensagem diz qual; relate-o)
  130  interrompido (Ctrl-C; 143 para SIGTERM): uma execução em lote diz o que foi feito; o mesmo
       comando retoma

Com --json o resultado de uma execução traz "outcome", o código em palavra: done, needs_person,
refused, unauthorized, not_found, conflict, rate_limited, unavailable, failed, interrupted. Uma falha
também imprime {"error":{...},"exit_code":N,"outcome":"..."} no stdout, uma linha por execução, para
um log.`,
    },
  },
  formats: {
    summary: 'output formats, money and dates in and out, the files condo reads and writes',
    pt: {
      summary: 'formatos de saída, dinheiro e datas, os arquivos que o condo lê e escreve',
      text: `Saída

  table   para uma pessoa num terminal: R$ 1.234,56, DD/MM/AAAA, horários no fuso de Brasília, ajustada
          à largura do terminal (cortada com …; cnab inspect quebra as linhas em vez disso)
  tsv     o padrão num pipe: separada por tabulações, sem cabeçalho (--header põe um), dinheiro como
          1234.56, datas como AAAA-MM-DD; uma lista traz todas as linhas, a menos que --limit
  csv     para planilhas: uma linha de cabeçalho, células entre aspas, dinheiro como 1234.56; --excel
          escreve o que o Excel em português abre como está (separador ;, 1234,56, um BOM UTF-8); células
          que começam com = + - @ são protegidas contra injeção de fórmulas
  json    os dados da API como vieram (--json a,b guarda esses campos); uma linha num pipe

Entrada: dinheiro como 1234.56, 1234,56, 1.234,56 ou R$ 1.234,56 (nunca mais de duas casas decimais);
datas como DD/MM/AAAA, DD/MM (deste ano num filtro, o próximo dia assim num vencimento ou pagamento),
AAAA-MM-DD, today, tomorrow, +Nd e, para uma data de pagamento, next-business-day; um ano de dois dígitos
é recusado.

Boletos: o --document de uma conta de boleto é a linha digitável (47 dígitos, pontos e espaços
ignorados) ou o código de barras de 44 dígitos; uma conta de consumo ou guia de tributo começa com 8 (48
ou 44 dígitos). Ambos trazem dígitos verificadores que o condo confere, o valor e o vencimento, que
precisam bater com os da conta. Para experimentar no sandbox, condo sandbox boleto [--bank 341] [--amount
740,00] [--due +5d] imprime um válido (linha e código de barras, separados por tabulação num pipe).

Arquivos: remessas (.rem) e retornos (.ret) CNAB 240 no leiaute v10 da FEBRABAN ou no dialeto de um
banco: uma remessa é escrita no do banco pagador (Itaú SISPAG, Caixa SIACC, Bradesco Multipag,
Santander, Banco do Brasil), e cnab inspect diz o dialeto que lê; extratos bancários em OFX 1.x/2.x, QFX
e CSV (a codificação deduzida dos bytes).`,
    },
    text: `Output

  table   for a person on a terminal: R$ 1.234,56, DD/MM/YYYY, timestamps in Brasília time, fitted
          to the terminal's width (cut with …; cnab inspect wraps instead)
  tsv     the default when piped: tab-separated, no header (--header adds one), money as 1234.56,
          dates as YYYY-MM-DD; a list has every row unless --limit
  csv     for spreadsheets: a header row, quoted cells, money as 1234.56; --excel writes what Excel in
          Portuguese opens as it is (; separators, 1234,56, a UTF-8 BOM); cells that start with = + - @
          are guarded against formula injection
  json    the API's data as it came (--json a,b keeps those fields); one line when piped

Input: money as 1234.56, 1234,56, 1.234,56 or R$ 1.234,56 (never more than two decimals); dates as
DD/MM/YYYY, DD/MM (this year in a filter, the next such day for a due or payment date), YYYY-MM-DD, today,
tomorrow, +Nd, and for a payment date next-business-day; a two-digit year is refused.

Boletos: a boleto payable's --document is its linha digitável (47 digits, dots and spaces ignored) or its
44-digit barcode; a utility bill or tax guide starts with 8 (48 or 44 digits). Both carry check digits that
condo verifies, the amount and the due date, which must agree with the payable's. To try it on the sandbox,
condo sandbox boleto [--bank 341] [--amount 740,00] [--due +5d] prints a valid one (linha and barcode,
tab-separated when piped).

Files: CNAB 240 remittances (.rem) and returns (.ret) in FEBRABAN's v10 layout or a bank's dialect: a
remittance is written in the paying bank's (Itaú SISPAG, Caixa SIACC, Bradesco Multipag, Santander, Banco do
Brasil), and cnab inspect names the dialect it reads; bank statements in OFX 1.x/2.x, QFX and CSV (the encoding sniffed from the bytes).`,
  },
  environment: {
    summary: 'the environment variables condo reads',
    pt: {
      summary: 'as variáveis de ambiente que o condo lê',
      text: `Ambiente

  CONDO_PROFILE               o perfil a usar (como --profile)
  CONDO_BASE_URL, CONDO_CONDOMINIUM, CONDO_CLIENT_ID, CONDO_CLIENT_SECRET
                              credenciais sem um perfil salvo (as opções valem primeiro, depois estas, depois o perfil)
  CONDO_CONFIG_DIR            onde ficam os perfis e os tokens em cache (padrão ~/.config/condo)
  CONDO_SECRET_STORE          onde um login guarda o segredo e o token: auto (o chaveiro do sistema onde houver, senão o arquivo), keyring ou file
  CONDO_CACHE_DIR             onde o executável único guarda seu cache (padrão ~/.cache/condo, %LOCALAPPDATA%\\condo\\Cache)
  CONDO_SANDBOX_DIR           a pasta de dados do sandbox (padrão $CONDO_CONFIG_DIR/sandbox ou ~/.local/share/condo/sandbox)
  CONDO_RETRY_BUDGET_SECONDS  por quanto tempo uma chamada tenta de novo o que um momento resolve (padrão 30)
  CONDO_TIMEOUT_SECONDS       quanto uma chamada espera pelo servidor (padrão 30; um envio soma 2 por MiB)
  CONDO_THREADS               1: um arquivo CNAB grande é lido numa thread só (padrão: duas, onde há dois núcleos)
  CONDO_WEBHOOK_SECRET        o segredo com que webhooks verify confere assinaturas
  CONDO_LANG, LC_ALL, LANG    o idioma das telas: pt-BR ou en (como --lang)
  NO_COLOR, CLICOLOR=0, TERM=dumb   sem cores; FORCE_COLOR, CLICOLOR_FORCE: cores mesmo num pipe
  CONDO_PAGER, PAGER          o paginador de uma lista maior que a tela (padrão less; cat ou vazio: nenhum; como --no-pager)
  CI                          nunca pergunta (como --no-input) nem pagina
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY  respeitadas`,
    },
    text: `Environment

  CONDO_PROFILE               the profile to use (as --profile)
  CONDO_BASE_URL, CONDO_CONDOMINIUM, CONDO_CLIENT_ID, CONDO_CLIENT_SECRET
                              credentials without a saved profile (flags win, then these, then the profile)
  CONDO_CONFIG_DIR            where profiles and cached tokens live (default ~/.config/condo)
  CONDO_SECRET_STORE          where a login keeps the secret and the token: auto (the system's keyring where one answers, else the file), keyring or file
  CONDO_CACHE_DIR             where the single executable keeps its cache (default ~/.cache/condo, %LOCALAPPDATA%\\condo\\Cache)
  CONDO_SANDBOX_DIR           the sandbox's data dir (default $CONDO_CONFIG_DIR/sandbox or ~/.local/share/condo/sandbox)
  CONDO_RETRY_BUDGET_SECONDS  how long a call keeps retrying what a moment may cure (default 30)
  CONDO_TIMEOUT_SECONDS       how long one call waits for the server (default 30; an upload adds 2 per MiB)
  CONDO_THREADS               1: a big CNAB file is read on one thread (default: two, where there are two cores)
  CONDO_WEBHOOK_SECRET        the secret webhooks verify checks signatures with
  CONDO_LANG, LC_ALL, LANG    the language of the screens: pt-BR or en (as --lang)
  NO_COLOR, CLICOLOR=0, TERM=dumb   no colour; FORCE_COLOR, CLICOLOR_FORCE: colour even when piped
  CONDO_PAGER, PAGER          the pager for a list longer than the screen (default less; cat or empty: none; as --no-pager)
  CI                          never prompt (as --no-input), never page
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY  honoured`,
  },
  cron: {
    summary: 'running condo unattended: no prompts, logs, re-runs',
    pt: {
      summary: 'o condo sem ninguém olhando: sem perguntas, logs, reexecuções',
      text: `Cron

O condo nunca pergunta sem um terminal (nem com --no-input ou CI definida): um valor que falta é saída 2,
não uma espera sem fim. As importações podem rodar de novo: um extrato ou retorno já importado nas
últimas 24 horas é repetido (sua Idempotency-Key vem do SHA-256 do arquivo), e as transações de extrato
também são desduplicadas pelo FITID.

  30 6 * * *  condo --profile prod --no-input --quiet statements import /srv/bank/itau-$(date +\\%Y\\%m\\%d).ofx --account 1 --json >> /var/log/condo/statements.jsonl 2>> /var/log/condo/statements.err || echo "condo exit $?" | mail -s "statement import failed" contabilidade@example.com

O DDA do banco toda manhã: cada boleto novo lançado uma vez, pelo código de barras; saída 1 quando um
boleto mudou ou uma conta de boleto não está em nenhum arquivo DDA (um possível boleto falso):

  15 6 * * *  condo --profile prod --no-input --quiet dda import /srv/bank/DDA-*.ret --allow-empty --json >> /var/log/condo/dda.jsonl || echo "condo dda: exit $?" | mail -s "DDA needs a look" contabilidade@example.com

--json escreve um objeto de resultado por execução (ou {"error":...,"exit_code":N}); --quiet deixa no
stderr só avisos e erros. Alerte em toda saída diferente de zero (condo help exit-codes): 1 algo ficou
para uma pessoa, 2 o arquivo foi recusado, 3 credenciais, 6 limite de requisições, 7 a API está
inalcançável (tente mais tarde), 8 uma falha a relatar.`,
    },
    text: `Cron

condo never prompts without a terminal (nor with --no-input or CI set), so a missing value is exit 2,
not a hang. Imports are safe to re-run: a statement or return file already imported within 24 hours is
replayed (its Idempotency-Key comes from the file's SHA-256), and statement transactions are also
de-duplicated by FITID.

  30 6 * * *  condo --profile prod --no-input --quiet statements import /srv/bank/itau-$(date +\\%Y\\%m\\%d).ofx --account 1 --json >> /var/log/condo/statements.jsonl 2>> /var/log/condo/statements.err || echo "condo exit $?" | mail -s "statement import failed" contabilidade@example.com

The bank's DDA every morning: each new boleto entered once by its barcode; exit 1 when a boleto changed
or a boleto payable is in no DDA file (a possible fake):

  15 6 * * *  condo --profile prod --no-input --quiet dda import /srv/bank/DDA-*.ret --allow-empty --json >> /var/log/condo/dda.jsonl || echo "condo dda: exit $?" | mail -s "DDA needs a look" contabilidade@example.com

--json writes one result object per run (or {"error":...,"exit_code":N}); --quiet keeps stderr to
warnings and errors. Alert on any non-zero exit (condo help exit-codes): 1 something is left for a
person, 2 the file was refused, 3 credentials, 6 rate limited, 7 the API is unreachable (retry later),
8 a failure to report.`,
  },
};

/** Words of `text` filled into lines of at most `width`, the first after `first`, the rest after `rest`. */
function fill(text: string, width: number, first: string, rest: string): string[] {
  const out: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!empty && line.length + 1 + word.length > width) {
      out.push(line);
      line = rest + word;
    } else line += (empty ? '' : ' ') + word;
    empty = false;
  }
  out.push(line);
  return out;
}

/**
 * A topic's text reflowed to `width` columns: a paragraph of prose is refilled; an indented entry (`  tsv     the
 * default…`) with its deeper-indented continuation lines is refilled under its own hanging indent. Headings and
 * blank lines stay as they are.
 */
export function reflowTopic(text: string, width: number): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    const line = lines[i] as string;
    const indent = /^ */.exec(line)?.[0].length ?? 0;
    if (line.trim() === '' || (indent === 0 && lines[i + 1]?.trim() === '' && line.length <= width)) {
      out.push(line);
      i++;
      continue;
    }
    // the entry's own indent, and where its text starts (after the term and its gap) for the lines that follow
    // an entry's term ends at its first gap of two spaces or more; its text hangs there
    const hang = indent === 0 ? 0 : (/^\s+.*?\S\s{2,}(?=\S)/.exec(line)?.[0].length ?? indent);
    const first = line.slice(0, Math.max(indent, hang));
    let body = line.slice(first.length).trim();
    // a command line to copy (a crontab entry) is never broken: a terminal wraps it without changing it
    if (indent > 0 && body.startsWith('condo ')) {
      out.push(line);
      i++;
      continue;
    }
    i++;
    while (i < lines.length) {
      const next = lines[i] as string;
      const nextIndent = /^ */.exec(next)?.[0].length ?? 0;
      // a term alone on its line keeps its text on the lines below, as written
      const continues =
        next.trim() !== '' && (indent === 0 ? nextIndent === 0 : hang > indent && nextIndent > indent);
      if (!continues) break;
      body += ` ${next.trim()}`;
      i++;
    }
    out.push(...fill(body, width, first, ' '.repeat(Math.max(indent, hang))));
  }
  return out.join('\n');
}
