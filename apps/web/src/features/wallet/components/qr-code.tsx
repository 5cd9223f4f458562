/**
 * A QR code drawn as SVG from `qrcode-generator`, which is fetched only when a code is first shown
 * (its own lazy chunk). Dark modules on white with a quiet zone; never mirrored in Arabic.
 */
import { useEffect, useState } from 'react';

interface Matrix {
  size: number;
  path: string;
}

async function encode(text: string): Promise<Matrix> {
  const { default: qrcode } = await import('qrcode-generator');
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (qr.isDark(row, col)) path += `M${col} ${row}h1v1h-1z`;
    }
  }
  return { size, path };
}

export function QrCode({ text, label, pixels = 176 }: { text: string; label: string; pixels?: number }) {
  const [matrix, setMatrix] = useState<Matrix | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setMatrix(null);
    setFailed(false);
    encode(text).then(
      (m) => live && setMatrix(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [text]);
  const quiet = 4;
  return (
    <div className="wallet-qr" style={{ inlineSize: pixels, blockSize: pixels }} dir="ltr">
      {matrix ? (
        <svg
          role="img"
          aria-label={label}
          viewBox={`${-quiet} ${-quiet} ${matrix.size + 2 * quiet} ${matrix.size + 2 * quiet}`}
          width={pixels}
          height={pixels}
          shapeRendering="crispEdges"
        >
          <rect
            x={-quiet}
            y={-quiet}
            width={matrix.size + 2 * quiet}
            height={matrix.size + 2 * quiet}
            fill="#fff"
          />
          <path d={matrix.path} fill="#000" />
        </svg>
      ) : (
        <div className={failed ? 'wallet-qr-failed' : 'wallet-qr-loading'} aria-busy={!failed} />
      )}
    </div>
  );
}
