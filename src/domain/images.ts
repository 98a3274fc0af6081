/**
 * A logo's kind by its content (#52): the first bytes, never the file's name. pdfkit embeds PNG and JPEG only, and
 * a page shows them as they are; anything else (a GIF, a PDF renamed .png) is refused where it is configured.
 */
export type ImageKind = 'png' | 'jpeg';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

export function imageKind(head: Uint8Array): ImageKind | null {
  const starts = (magic: number[]) => magic.every((byte, i) => head[i] === byte);
  return starts(PNG) ? 'png' : starts(JPEG) ? 'jpeg' : null;
}

/** The largest logo a document carries: fifty documents a run, each with it embedded. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export const IMAGE_MIME: Readonly<Record<ImageKind, string>> = { png: 'image/png', jpeg: 'image/jpeg' };
