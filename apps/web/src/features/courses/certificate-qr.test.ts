import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { certificateVerifyUrl, QR_QUIET_ZONE, qrCodePath } from './certificate-qr';

/** Paints the path's unit squares into an RGBA image, `scale` pixels a module, as a camera would see them. */
function paint(size: number, path: string, scale = 4) {
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy += 1) {
      for (let dx = 0; dx < scale; dx += 1) {
        const offset = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        pixels.fill(0, offset, offset + 3);
      }
    }
  }
  return { pixels, width };
}

describe('certificate QR codes', () => {
  it('links to the verify page on the same origin, with the code as printed', () => {
    expect(certificateVerifyUrl('https://learn.example.org', '7K3M-Q9TX-2BRD')).toBe(
      'https://learn.example.org/certificates/verify/7K3M-Q9TX-2BRD',
    );
  });

  it('draws a QR code that a reader decodes back to the verify URL', () => {
    const url = certificateVerifyUrl('http://127.0.0.1:3000', '7K3M-Q9TX-2BRD');
    const { size, path } = qrCodePath(url);
    const { pixels, width } = paint(size, path);
    expect(jsQR(pixels, width, width)?.data).toBe(url);
  });

  it('keeps the quiet zone blank and encodes nothing but the URL', () => {
    const url = certificateVerifyUrl('https://learn.example.org', 'ZZZZ-0000-1111');
    const { size, path } = qrCodePath(url);
    const { modules, segments } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    expect(size).toBe(modules.size + 2 * QR_QUIET_ZONE);
    for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
      for (const at of [Number(x), Number(y)]) {
        expect(at).toBeGreaterThanOrEqual(QR_QUIET_ZONE);
        expect(at).toBeLessThan(size - QR_QUIET_ZONE);
      }
    }
    const text = (data: string | Uint8Array) => (typeof data === 'string' ? data : new TextDecoder().decode(data));
    expect(segments.map((segment) => text(segment.data)).join('')).toBe(url);
  });
});
