import jsqr from 'jsqr';
import { describe, expect, test } from 'vitest';
import { buildPixPayload } from '../../../../src/formats/pix/index.js';
import { qrModules, renderQrTerminal } from '../../../../src/formats/pix/terminal.js';

/**
 * The PIX QR code on a terminal: the half blocks read back into modules, rasterized as a phone's camera would
 * see them, and decoded by an independent reader (jsqr) to the same payload.
 */

type Decoder = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
// jsqr's CommonJS build exports { default: jsQR }; its types describe the ES module.
const jsQR = ((jsqr as unknown as { default?: Decoder }).default ?? jsqr) as unknown as Decoder;

const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

/** The drawing's rows of "inked" cells back into a matrix of dark modules (half blocks: two rows a line). */
function fromTerminal(drawing: string, lightOnDark: boolean): boolean[][] {
  const rows: boolean[][] = [];
  for (const line of drawing.split('\n').filter(Boolean)) {
    const top: boolean[] = [];
    const bottom: boolean[] = [];
    for (const ch of line) {
      top.push(ch === '█' || ch === '▀');
      bottom.push(ch === '█' || ch === '▄');
    }
    rows.push(top, bottom);
  }
  return rows.map((r) => r.map((inked) => (lightOnDark ? !inked : inked)));
}

/** Dark modules as black pixels, `scale` pixels each, with a white border: what jsqr reads. */
function decode(modules: boolean[][], scale = 4): string | undefined {
  const border = 4;
  const size = (modules.length + border * 2) * scale;
  const pixels = new Uint8ClampedArray(size * size * 4).fill(255);
  for (const [y, row] of modules.entries())
    for (const [x, dark] of row.entries()) {
      if (!dark) continue;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = (((y + border) * scale + dy) * size + (x + border) * scale + dx) * 4;
          pixels.fill(0, at, at + 3);
        }
    }
  return jsQR(pixels, size, size)?.data;
}

describe('the PIX QR code', () => {
  const payload = buildPixPayload({
    key: '11222333000181',
    merchantName: 'Residencial Jardim Botanico',
    merchantCity: 'Ribeirao Preto',
    amountCents: 123_456,
    txid: 'COND0001ABC',
  });

  test('its modules decode to the payload (BCB example and a condo charge)', () => {
    for (const text of [BCB_EXAMPLE, payload]) expect(decode(qrModules(text))).toBe(text);
  });

  test('drawn on a terminal, light on dark or dark on light, it reads back to the same payload', () => {
    for (const lightOnDark of [true, false]) {
      const drawing = renderQrTerminal(payload, { lightOnDark, quietZone: 2 });
      expect(drawing).toMatch(/^[█▀▄ \n]+$/);
      const lines = drawing.split('\n').filter(Boolean);
      const size = qrModules(payload).length + 4;
      expect(lines[0]).toHaveLength(size);
      expect(lines).toHaveLength(Math.ceil(size / 2));
      expect(decode(fromTerminal(drawing, lightOnDark))).toBe(payload);
    }
  });
});
