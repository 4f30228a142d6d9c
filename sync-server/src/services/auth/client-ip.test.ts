import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip.ts';

describe('clientIp', () => {
  it('uses the socket address when no proxy is trusted, whatever the header says', () => {
    expect(clientIp('10.0.0.5', '203.0.113.9', 0)).toBe('10.0.0.5');
  });

  it('takes the address the trusted proxy appended, not what the client wrote further left', () => {
    expect(clientIp('10.0.0.5', '1.2.3.4, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(clientIp('10.0.0.5', '1.2.3.4, 203.0.113.9, 10.0.0.7', 2)).toBe('203.0.113.9');
  });

  it('falls back sensibly when the header is missing or shorter than the hop count', () => {
    expect(clientIp('10.0.0.5', undefined, 1)).toBe('10.0.0.5');
    expect(clientIp('10.0.0.5', '203.0.113.9', 3)).toBe('203.0.113.9');
  });
});
