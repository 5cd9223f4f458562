import type { Plugin } from 'vite';

export function brotli(bytes: Uint8Array): Buffer;
export function precompressDir(dir: string): number;
export function precompress(): Plugin;
