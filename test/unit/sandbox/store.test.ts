import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { storageFaultOf } from '../../../src/sandbox/db/sqlite.js';
import type { Tx } from '../../../src/sandbox/db/tx.js';
import { SandboxStore, TEST_CONDOMINIUM } from '../../../src/sandbox/index.js';
import { OTHER_CONDOMINIUM } from '../../../src/sandbox/seed/index.js';
import { createBatch, findBatch, itemStates, payableHistory } from '../../../src/sandbox/services/batches.js';

let store: SandboxStore;
beforeEach(() => {
  store = SandboxStore.open(null); // a throwaway database in memory, seeded
});
afterEach(() => store.close());

const balanceOf = (id: number) =>
  store.read(TEST_CONDOMINIUM, (tx) => tx.bankAccounts.get(id)?.current_balance_cents);

describe('a write transaction', () => {
  test('writes back what the service changed on the objects it read, and only that', () => {
    const account = store.read(TEST_CONDOMINIUM, (tx) => tx.bankAccounts.first(undefined, ['id']))!;
    const changes = store.sqlite.prepare('SELECT total_changes() AS n');
    const before = (changes.get() as { n: number }).n;
    store.write(TEST_CONDOMINIUM, (tx) => {
      const a = tx.bankAccounts.get(account.id)!;
      expect(tx.bankAccounts.get(account.id)).toBe(a); // one object per row
      tx.bankAccounts.find(); // read, untouched: not written
      a.current_balance_cents += 100;
    });
    expect((changes.get() as { n: number }).n - before).toBe(1);
    expect(balanceOf(account.id)).toBe(account.current_balance_cents + 100);
  });

  test('a query inside the transaction sees the changes made before it', () => {
    expect(() =>
      store.write(TEST_CONDOMINIUM, (tx) => {
        const open = tx.periods.find(tx.periods.where().eq('state', 'open'));
        expect(open).toHaveLength(1);
        for (const p of open) p.state = 'closed';
        expect(tx.periods.count(tx.periods.where().eq('state', 'open'))).toBe(0);
        throw new Error('roll back');
      }),
    ).toThrow('roll back');
    expect(
      store.read(TEST_CONDOMINIUM, (tx) => tx.periods.count(tx.periods.where().eq('state', 'open'))),
    ).toBe(1);
  });

  test('a throw rolls back everything the transaction did', () => {
    const account = store.read(TEST_CONDOMINIUM, (tx) => tx.bankAccounts.first(undefined, ['id']))!;
    const periods = store.read(TEST_CONDOMINIUM, (tx) => tx.periods.count());
    expect(() =>
      store.write(TEST_CONDOMINIUM, (tx) => {
        tx.bankAccounts.get(account.id)!.current_balance_cents = 0;
        tx.periods.insert({ period: '2099-01', state: 'open' });
        throw new Error('halfway');
      }),
    ).toThrow('halfway');
    expect(balanceOf(account.id)).toBe(account.current_balance_cents);
    expect(store.read(TEST_CONDOMINIUM, (tx) => tx.periods.count())).toBe(periods);
  });

  test('an async function is refused (the transaction would end before it)', () => {
    expect(() => store.write(TEST_CONDOMINIUM, (async () => 1) as never)).toThrow(/async/);
  });

  test('work registered for after the commit runs only when it commits', () => {
    const ran: string[] = [];
    store.write(null, (tx) => tx.afterCommit(() => ran.push('committed')));
    expect(() =>
      store.write(null, (tx) => {
        tx.afterCommit(() => ran.push('rolled back'));
        throw new Error('no');
      }),
    ).toThrow();
    expect(ran).toEqual(['committed']);
  });

  test("a condominium's tables show only its rows", () => {
    const ours = store.read(TEST_CONDOMINIUM, (tx) => tx.suppliers.find().map((s) => s.id));
    const theirs = store.read(OTHER_CONDOMINIUM, (tx) => tx.suppliers.find().map((s) => s.id));
    expect(ours.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);
    expect(ours.filter((id) => theirs.includes(id))).toEqual([]);
    expect(store.read(OTHER_CONDOMINIUM, (tx) => tx.suppliers.get(ours[0]))).toBeUndefined();
  });

  test('pages are cut in SQL, with the total the filters match', () => {
    const page = store.read(TEST_CONDOMINIUM, (tx) =>
      tx.invoices.page(tx.invoices.where().eq('state', 'paid'), ['due_date', 'public_id'], {
        page: 2,
        per_page: 10,
      }),
    );
    expect(page.data).toHaveLength(10);
    expect(page.meta.total).toBeGreaterThan(20);
    expect(page.meta.last_page).toBe(Math.ceil(page.meta.total / 10));
  });
});

describe("a service's own SQL inside the transaction", () => {
  const accountOf = (tx: Tx) => tx.bankAccounts.first(undefined, ['id'])!;
  const balanceSql = 'SELECT current_balance_cents AS n FROM bank_accounts WHERE id = ? AND condominium = ?';

  test('sees every earlier change of a record, through run, get, all and iterate alike', () => {
    expect(() =>
      store.write(TEST_CONDOMINIUM, (tx) => {
        const account = accountOf(tx);
        const seen = (): number[] => {
          const s = tx.prepare(balanceSql);
          const fromIterate = [...s.iterate(account.id, TEST_CONDOMINIUM)] as { n: number }[];
          return [
            (s.get(account.id, TEST_CONDOMINIUM) as { n: number }).n,
            (s.all(account.id, TEST_CONDOMINIUM) as { n: number }[])[0]!.n,
            fromIterate[0]!.n,
          ];
        };
        account.current_balance_cents = 123_45;
        expect(seen()).toEqual([123_45, 123_45, 123_45]);
        account.current_balance_cents = 678_90;
        // a write of its own, too, comes after the change it depends on
        tx.prepare('UPDATE bank_accounts SET name = name || ? WHERE current_balance_cents = ?').run(
          '!',
          678_90,
        );
        expect(account.name.endsWith('!')).toBe(true);
        expect(seen()).toEqual([678_90, 678_90, 678_90]);
        throw new Error('roll back');
      }),
    ).toThrow('roll back');
  });

  test('a record read before a write of its own shows what it wrote, and one it deleted is gone', () => {
    store.write(TEST_CONDOMINIUM, (tx) => {
      const account = accountOf(tx);
      tx.prepare('UPDATE bank_accounts SET current_balance_cents = 7 WHERE id = ? AND condominium = ?').run(
        account.id,
        TEST_CONDOMINIUM,
      );
      expect(account.current_balance_cents).toBe(7);
      expect(tx.bankAccounts.get(account.id)).toBe(account);
      const period = tx.periods.insert({ period: '2099-01', state: 'open' });
      tx.prepare('DELETE FROM periods WHERE period = ? AND condominium = ?').run(
        period.period,
        TEST_CONDOMINIUM,
      );
      expect(tx.periods.get('2099-01')).toBeUndefined();
    });
    expect(balanceOf(store.read(TEST_CONDOMINIUM, accountOf).id)).toBe(7);
  });

  test("a batch's payable states, read by a join, are the ones set earlier in the same transaction", () => {
    const { batch, payable } = seedBatch();
    store.write(TEST_CONDOMINIUM, (tx) => {
      const b = findBatch(tx, batch);
      tx.payables.get(payable)!.state = 'paid';
      expect(itemStates(tx, b).get(payable)).toBe('paid');
      expect(payableHistory(tx, payable).map((s) => s.batch_id)).toEqual([batch]);
    });
  });
});

/** A batch with one payable in it, made the way the API makes it. */
function seedBatch(): { batch: string; payable: string } {
  return store.write(TEST_CONDOMINIUM, (tx) => {
    const marked = tx.payables.find(
      tx.payables.where().eq('state', 'pending').eq('supplier_id', 2).eq('forma_pagamento', 'ted'),
      { limit: 1 },
    )[0]!;
    marked.state = 'marked_for_remessa';
    const batch = createBatch(tx, { data_pagamento: '2030-01-07' }, new Date());
    return { batch: batch.public_id, payable: marked.public_id };
  });
}

describe('storage faults are told by their code', () => {
  test('full, busy and constraint errors', () => {
    expect(storageFaultOf({ code: 'SQLITE_FULL' })).toMatchObject({
      status: 503,
      code: 'storage_unavailable',
    });
    expect(storageFaultOf({ code: 'SQLITE_BUSY_SNAPSHOT' })).toMatchObject({ status: 503 });
    expect(storageFaultOf({ code: 'SQLITE_IOERR_WRITE' })?.message).toMatch(/I\/O.*SQLITE_IOERR_WRITE/);
    expect(storageFaultOf({ code: 'SQLITE_CONSTRAINT_UNIQUE' })).toMatchObject({
      status: 500,
      code: 'internal_error',
    });
    // the message text never decides
    expect(storageFaultOf(new Error('SQLITE_FULL: database or disk is full'))).toBeNull();
  });

  test('a real constraint violation rolls back and is reported as one', () => {
    let caught: unknown;
    try {
      store.write(TEST_CONDOMINIUM, (tx) => {
        const p = tx.periods.first()!;
        tx.periods.insert({ ...p });
      });
    } catch (err) {
      caught = err;
    }
    expect(storageFaultOf(caught)?.sqliteCode).toMatch(/^SQLITE_CONSTRAINT/);
  });
});
