import { useMemo } from 'react';
import { qrCodePath } from '@/features/courses/certificate-qr';

/** A QR code of `url`, dark on white whatever the theme, so a phone can read it on screen and on paper. */
export function CertificateQrCode({ url, className }: { url: string; className?: string }) {
  const { size, path } = useMemo(() => qrCodePath(url), [url]);
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={`QR code of the verification link ${url}`}
      shapeRendering="crispEdges"
      className={className}
      data-testid="certificate-qr"
      data-url={url}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
