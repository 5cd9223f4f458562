import { describe, expect, it } from 'vitest';
import { createBrandResolver, hostnameOf } from './brand.ts';

describe('hostnameOf', () => {
  it('reads the host name of a Host header the way Fastify does', () => {
    expect(hostnameOf('lumen.localhost')).toBe('lumen.localhost');
    expect(hostnameOf('lumen.localhost:3000')).toBe('lumen.localhost');
    expect(hostnameOf('[::1]:3000')).toBe('[::1]');
    expect(hostnameOf('[::1]')).toBe('[::1]');
    expect(hostnameOf('127.0.0.1:4821')).toBe('127.0.0.1');
  });
});

describe('brand by Host header', () => {
  it('answers the brand of the host, whatever the port and the case', () => {
    const brands = createBrandResolver('novamart');
    expect(brands.forHost('lumen.localhost:3000').key).toBe('lumen');
    expect(brands.forHost('LUMEN.localhost').key).toBe('lumen');
    // Asked again: the remembered answer is the same object.
    expect(brands.forHost('lumen.localhost:3000')).toBe(brands.forHost('lumen.localhost:3000'));
    expect(brands.forHost('harborline.localhost').key).toBe('harborline');
  });

  it('falls back to the default brand for unknown, empty and absent hosts', () => {
    const brands = createBrandResolver('novamart');
    expect(brands.forHost('127.0.0.1:4821').key).toBe('novamart');
    expect(brands.forHost('[::1]:3000').key).toBe('novamart');
    expect(brands.forHost('').key).toBe('novamart');
    expect(brands.forHost(undefined).key).toBe('novamart');
  });

  it('wears an override from the next request on, for a host asked before it', () => {
    const brands = createBrandResolver('novamart');
    const before = brands.forHost('lumen.localhost:3000');
    brands.override('lumen', { name: 'Lumen Outlet' });
    const after = brands.forHost('lumen.localhost:3000');
    expect(after).not.toBe(before);
    expect(after.name).toBe('Lumen Outlet');
    brands.override('novamart', { name: 'Nova Outlet' });
    expect(brands.forHost('unknown.example').name).toBe('Nova Outlet');
  });

  it('keeps answering right past the bound on remembered headers', () => {
    const brands = createBrandResolver('novamart');
    for (let i = 0; i < 1000; i++) expect(brands.forHost(`h${i}.example:${i}`).key).toBe('novamart');
    expect(brands.forHost('lumen.localhost:3000').key).toBe('lumen');
    expect(brands.forHost('lumen.localhost:3000').key).toBe('lumen');
  });
});
