import { describe, expect, test } from 'vitest';
import { isValidCnpj } from '../../../src/domain/documents.js';
import { SandboxStore } from '../../../src/sandbox/index.js';
import { firmCondominiumSlug, MAX_CONDOMINIUMS } from '../../../src/sandbox/seed/firm.js';

const NOW = new Date('2026-11-24T15:00:00Z');

describe('the sandbox plays an accounting firm', () => {
  test('N condominiums, each with its own client, accounts nobody else has, and bills to pay', () => {
    const store = SandboxStore.open(null, { now: NOW, condominiums: 5 });
    try {
      const slugs = store.read(null, (tx) => tx.condominiums.find().map((c) => c.slug));
      expect(slugs).toHaveLength(5);
      expect(slugs.slice(2)).toEqual([
        firmCondominiumSlug(3),
        firmCondominiumSlug(4),
        firmCondominiumSlug(5),
      ]);
      expect(slugs[2]).toBe('edificio-ipe-amarelo');
      const clients = store.read(null, (tx) => tx.clients.find());
      for (const slug of slugs)
        expect(
          clients.filter((c) => c.condominium === slug && c.scopes.includes('payments.write')).length,
        ).toBe(1);
      const accounts = slugs.flatMap((slug) =>
        store.read(slug, (tx) =>
          tx.bankAccounts.find().map((a) => `${a.bank_code} ${a.agency} ${a.account_number}`),
        ),
      );
      expect(new Set(accounts).size).toBe(accounts.length);
      for (const slug of slugs.slice(2)) {
        const condo = store.read(null, (tx) => tx.condominiums.get(slug));
        expect(isValidCnpj(condo?.document ?? '')).toBe(true);
        const pending = store.read(slug, (tx) => tx.payables.find().filter((p) => p.state === 'pending'));
        expect(pending.length).toBeGreaterThanOrEqual(4);
        expect(store.read(slug, (tx) => tx.entries.find().length)).toBeGreaterThan(20);
      }
      // neighbours do not pay the same amounts
      const totals = slugs
        .slice(2)
        .map((slug) => store.read(slug, (tx) => tx.payables.find().reduce((sum, p) => sum + p.amount, 0)));
      expect(new Set(totals).size).toBe(totals.length);
    } finally {
      store.close();
    }
  });

  test('a store with fewer gets the missing ones; a reset keeps them and their credentials', () => {
    const store = SandboxStore.open(null, { now: NOW, condominiums: 3 });
    try {
      store.ensureCondominiums(4, NOW, { bills: false });
      const before = store.read(null, (tx) => tx.clients.find());
      expect(store.read(null, (tx) => tx.condominiums.count())).toBe(4);
      store.reseed(NOW, before);
      expect(store.read(null, (tx) => tx.condominiums.count())).toBe(4);
      const after = store.read(null, (tx) => tx.clients.find());
      expect(after.map((c) => c.client_secret).sort()).toEqual(before.map((c) => c.client_secret).sort());
    } finally {
      store.close();
    }
  });

  test(`${MAX_CONDOMINIUMS} condominiums have ${MAX_CONDOMINIUMS} different names and slugs`, () => {
    const slugs = Array.from({ length: MAX_CONDOMINIUMS - 2 }, (_, i) => firmCondominiumSlug(i + 3));
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs.every((s) => /^[a-z0-9-]+$/.test(s))).toBe(true);
  });
});
