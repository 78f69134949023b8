import { readyLine } from './ready-line';

describe('readyLine: the address npm start prints when the product is ready', () => {
  it('names localhost when the product listens on every interface', () => {
    expect(readyLine('0.0.0.0', 4000)).toBe('Promptloom is ready: http://localhost:4000  (Ctrl+C stops it)');
    expect(readyLine('::', 4100)).toContain('http://localhost:4100 ');
  });

  it('names the interface it listens on otherwise, an IPv6 address in brackets', () => {
    expect(readyLine('127.0.0.1', 4000)).toContain('http://127.0.0.1:4000 ');
    expect(readyLine('::1', 4000)).toContain('http://[::1]:4000 ');
  });
});
