import QRCode from 'qrcode';

/**
 * A PIX BR Code as a QR code on a terminal: the symbol from `qrcode` (a kept library; the code once had its own
 * 486-line encoder), drawn with Unicode half blocks, two module rows per line. Imported only where it is drawn.
 */

export interface RenderOptions {
  /** Error correction level; M (15%) by default, as banks' apps print them. */
  ecl?: 'L' | 'M' | 'Q' | 'H';
  /** Light modules around the symbol (the standard asks for 4). Default 2, which phones read fine. */
  quietZone?: number;
  /**
   * true (default): for terminals with light text on a dark background, light modules are drawn as blocks.
   * false: dark modules are drawn as blocks (dark text on a light background).
   */
  lightOnDark?: boolean;
}

/** The QR symbol's modules, row by row (true = dark). */
export function qrModules(text: string, ecl: RenderOptions['ecl'] = 'M'): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: ecl });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, col) => Boolean(modules.get(row, col))),
  );
}

/** Draws text as a QR code with half blocks; lines end with "\n". */
export function renderQrTerminal(text: string, options: RenderOptions = {}): string {
  const modules = qrModules(text, options.ecl ?? 'M');
  const size = modules.length;
  const quiet = options.quietZone ?? 2;
  const lightOnDark = options.lightOnDark ?? true;
  const full = size + quiet * 2;
  // "inked" = drawn with the foreground colour
  const inked = (x: number, y: number): boolean => {
    const mx = x - quiet;
    const my = y - quiet;
    const dark = mx >= 0 && my >= 0 && mx < size && my < size && (modules[my]?.[mx] ?? false);
    return lightOnDark ? !dark : dark;
  };
  let out = '';
  for (let y = 0; y < full; y += 2) {
    for (let x = 0; x < full; x++) {
      const top = inked(x, y);
      const bottom = y + 1 < full ? inked(x, y + 1) : lightOnDark; // past the end: quiet zone
      out += top ? (bottom ? '█' : '▀') : bottom ? '▄' : ' ';
    }
    out += '\n';
  }
  return out;
}
