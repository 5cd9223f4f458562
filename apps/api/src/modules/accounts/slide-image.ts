/**
 * Pictures of the slide puzzle, drawn here as PNG (no image library): a noisy background with a
 * dark gap at the challenge's x, a few decoy marks, and the piece to drag. The gap's position is
 * only in the pixels, so a script has to look at the picture to pass; the server keeps the answer.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** Encodes RGB pixels (3 bytes each, row by row) as a PNG. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface SlidePictures {
  background: Buffer;
  piece: Buffer;
}

/** Draws the background (with the gap at `x`, `y`) and the `size`-pixel piece cut from it. */
/** xorshift32 seeded from the system's randomness: pixel noise needs speed, not secrecy. */
function noise(): () => number {
  let state = randomBytes(4).readUInt32LE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

export function drawSlide(width: number, height: number, size: number, x: number, y: number): SlidePictures {
  const bg = new Uint8Array(width * height * 3);
  const hue = [randomInt(60, 200), randomInt(60, 200), randomInt(60, 200)] as const;
  const period = randomInt(9, 14);
  const next = noise();
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const i = (py * width + px) * 3;
      const wave = Math.sin((px + py * 0.7) / period) * 30;
      for (let c = 0; c < 3; c++) {
        const base = (hue[c] ?? 128) + wave + ((px * (c + 1) + py * (3 - c)) % 40) + next() * 10;
        bg[i + c] = Math.max(0, Math.min(255, Math.round(base)));
      }
    }
  }
  const piece = new Uint8Array(size * size * 3);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const src = ((y + py) * width + (x + px)) * 3;
      const dst = (py * size + px) * 3;
      const edge = px < 2 || py < 2 || px >= size - 2 || py >= size - 2;
      for (let c = 0; c < 3; c++) piece[dst + c] = edge ? 255 : (bg[src + c] ?? 0);
    }
  }
  const shade = (sx: number, sy: number, factor: number) => {
    for (let py = 0; py < size; py++) {
      for (let px = 0; px < size; px++) {
        const i = ((sy + py) * width + (sx + px)) * 3;
        for (let c = 0; c < 3; c++) bg[i + c] = Math.round((bg[i + c] ?? 0) * factor);
      }
    }
  };
  // Two faint decoys away from the gap, then the gap itself.
  for (let d = 0; d < 2; d++) {
    const dx = randomInt(0, width - size);
    if (Math.abs(dx - x) < size) continue;
    shade(dx, randomInt(0, height - size), 0.8);
  }
  shade(x, y, 0.45);
  return { background: encodePng(width, height, bg), piece: encodePng(size, size, piece) };
}
