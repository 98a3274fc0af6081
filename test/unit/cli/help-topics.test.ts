import { describe, expect, test } from 'vitest';
import { HELP_TOPICS, reflowTopic } from '../../../src/cli/help-topics.js';

const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('help topics fit the terminal', () => {
  test.each(Object.keys(HELP_TOPICS))(
    '%s: every line within 80 columns (but a command to copy), every word kept in order',
    (name) => {
      const text = (HELP_TOPICS[name] as { text: string }).text;
      const flowed = reflowTopic(text, 80);
      for (const line of flowed.split('\n'))
        if (!/^ {2}\S.*? {2,}condo /.test(line)) expect(line.length, line).toBeLessThanOrEqual(80);
      expect(words(flowed)).toEqual(words(text));
    },
  );

  test.each(Object.keys(HELP_TOPICS).filter((name) => HELP_TOPICS[name]?.pt?.text))(
    '%s in Portuguese: within 80 columns (but a command to copy), every word kept, the same codes and commands as the English',
    (name) => {
      const topic = HELP_TOPICS[name] as { text: string; pt: { text: string } };
      const flowed = reflowTopic(topic.pt.text, 80);
      for (const line of flowed.split('\n'))
        if (!/^ {2}\S.*? {2,}condo /.test(line)) expect(line.length, line).toBeLessThanOrEqual(80);
      expect(words(flowed)).toEqual(words(topic.pt.text));
      const codes = (text: string) => text.match(/^ {2}\d+ /gm);
      expect(codes(topic.pt.text)).toEqual(codes(topic.text));
      const commands = (text: string) => text.match(/condo .*$/gm)?.filter((l) => / {2}condo /.test(` ${l}`));
      expect(commands(topic.pt.text)).toEqual(commands(topic.text));
    },
  );

  test('a command line to copy stays whole', () => {
    const cron = '  30 6 * * *  condo statements import /srv/bank/a.ofx --json >> /var/log/condo/s.jsonl';
    expect(reflowTopic(cron, 40)).toBe(cron);
  });

  test('an entry hangs its text after its term; a narrower terminal gets narrower lines', () => {
    const text = '  tsv     the default when piped: tab-separated, no header, money as 1234.56';
    expect(reflowTopic(text, 40).split('\n')).toEqual([
      '  tsv     the default when piped:',
      '          tab-separated, no header,',
      '          money as 1234.56',
    ]);
  });
});
