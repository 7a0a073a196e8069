import QRCode from 'qrcode';

/** The modules of blank margin a reader needs around a QR code. */
export const QR_QUIET_ZONE = 4;

/** Where a certificate's code is checked: the verify page on this site, with the code as printed. */
export function certificateVerifyUrl(origin: string, code: string): string {
  return `${origin}/certificates/verify/${encodeURIComponent(code)}`;
}

/**
 * The QR code of `text` as one SVG path of unit squares, with the quiet zone counted in `size`. Error correction
 * M: a printed certificate may get a crease or a stain.
 */
export function qrCodePath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const squares: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) squares.push(`M${col + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { size: modules.size + 2 * QR_QUIET_ZONE, path: squares.join('') };
}
