import { expect, test } from 'vitest';
import { placeSandboxProfile } from '../../../src/config/sandbox-profiles.js';
import type { Profile } from '../../../src/config/store.js';

const HERE = { dir: '/data/sandbox', url: 'http://127.0.0.1:4010' };
const profile = (over: Partial<Profile>): Profile => ({
  base_url: HERE.url,
  condominium: 'edificio-tambore',
  client_id: 'c',
  ...over,
});
const place = (profiles: Record<string, Profile>, preferred = 'edificio-tambore') =>
  placeSandboxProfile(profiles, preferred, 'edificio-tambore', HERE.dir, HERE.url);

test('a free name, or one this sandbox wrote, is written', () => {
  expect(place({})).toEqual({ name: 'edificio-tambore' });
  const own = profile({ sandbox: true, sandbox_data_dir: HERE.dir, base_url: 'http://127.0.0.1:9' });
  expect(place({ 'edificio-tambore': own })).toEqual({ name: 'edificio-tambore' });
  // written before profiles recorded their data dir: known by its address
  expect(place({ 'edificio-tambore': profile({ sandbox: true }) })).toEqual({ name: 'edificio-tambore' });
});

test('a real profile, or another sandbox, keeps its name; this one is sandbox-<slug>, then -2, -3', () => {
  const realOne = profile({ base_url: 'https://api.example.com' });
  expect(place({ 'edificio-tambore': realOne })).toEqual({
    name: 'sandbox-edificio-tambore',
    kept: { name: 'edificio-tambore', base_url: 'https://api.example.com' },
  });
  const otherSandbox = profile({ sandbox: true, sandbox_data_dir: '/elsewhere' });
  expect(place({ 'edificio-tambore': otherSandbox }).name).toBe('sandbox-edificio-tambore');
  expect(
    place({
      'edificio-tambore': realOne,
      'sandbox-edificio-tambore': otherSandbox,
      'sandbox-edificio-tambore-2': realOne,
    }).name,
  ).toBe('sandbox-edificio-tambore-3');
  // `sandbox start`'s own name, taken
  expect(place({ 'sandbox-4011': realOne }, 'sandbox-4011')).toEqual({
    name: 'sandbox-edificio-tambore',
    kept: { name: 'sandbox-4011', base_url: 'https://api.example.com' },
  });
});
