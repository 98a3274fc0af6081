// One peer parser over one file, as a user who picked it instead of condo would run it (#73 point 5): a process of
// its own, so bench/big-files.ts times it and its peak RSS exactly as it times condo and the line reader.
//   node bench/peer.mjs ofx-js|ofx-data-extractor|nodenab FILE   → prints what it read (transactions, or details)
// ofx-js is a test oracle of condo's (the root's devDependencies); the other two are bench/package.json's, which
// the product's `npm ci` does not install (bench/big-files.ts installs them, or says why it could not).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const [peer, file] = process.argv.slice(2);
const fromBench = createRequire(join(import.meta.dirname, 'package.json'));
const fromRoot = createRequire(join(import.meta.dirname, '..', 'package.json'));
const list = (x) => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

const peers = {
  async 'ofx-js'() {
    const { parse } = fromRoot('ofx-js');
    const ofx = await parse(readFileSync(file, 'latin1'));
    return list(ofx.OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS.BANKTRANLIST.STMTTRN).length;
  },
  async 'ofx-data-extractor'() {
    const { Ofx } = fromBench('ofx-data-extractor');
    const json = new Ofx(readFileSync(file, 'latin1')).toJson();
    // it names the list STRTTRN
    const bank = json.OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS;
    return list(bank.BANKTRANLIST?.STRTTRN ?? bank.BANKACCTFROM?.BANKTRANLIST?.STRTTRN).length;
  },
  async nodenab() {
    const { Layout, RetornoFile } = fromBench('nodenab');
    // it ships Bradesco's layouts only; the bench's Itaú SISPAG transfers have their FEBRABAN positions
    const layouts = join(fromBench.resolve('nodenab'), '..', '..', 'layouts');
    const layout = new Layout(237, '240', 'multipag_transferencias', { layoutPath: layouts });
    const read = new RetornoFile(layout, readFileSync(file, 'utf8')).generate().toJSON();
    return read.lotes.reduce((n, lote) => n + list(lote.detalhes).length, 0);
  },
};

const run = peers[peer];
if (!run) throw new Error(`no peer ${peer}: ${Object.keys(peers).join(', ')}`);
console.log(await run());
