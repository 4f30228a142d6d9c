import { describe, expect, it } from 'vitest';
import { normalisePostcode, parseSocialUsername } from './account-fields.ts';

describe('normalisePostcode', () => {
  it('writes UK postcodes in capitals with one space before the inward code', () => {
    expect(normalisePostcode('se12hh')).toBe('SE1 2HH');
    expect(normalisePostcode(' M4 7AJ ')).toBe('M4 7AJ');
    expect(normalisePostcode('ec1a1bb')).toBe('EC1A 1BB');
    expect(normalisePostcode('W1A  0AX')).toBe('W1A 0AX');
  });

  it('refuses what is not one', () => {
    for (const typed of ['', 'LONDON', '12345', 'SE1', 'SE1 2H', 'SE1 2HHH'])
      expect(normalisePostcode(typed)).toBeNull();
  });
});

describe('parseSocialUsername', () => {
  it('takes a username with or without @, or from a link to the profile', () => {
    expect(parseSocialUsername('instagram', '@jordan.hayes_mma')).toEqual({ ok: true, username: 'jordan.hayes_mma' });
    expect(parseSocialUsername('instagram', 'https://www.instagram.com/jordan/?hl=en')).toEqual({
      ok: true,
      username: 'jordan',
    });
    expect(parseSocialUsername('tiktok', 'tiktok.com/@priya.rolls')).toEqual({ ok: true, username: 'priya.rolls' });
    expect(parseSocialUsername('youtube', 'https://m.youtube.com/@Tom-Okafor')).toEqual({
      ok: true,
      username: 'Tom-Okafor',
    });
  });

  it('reads the empty text (Remove) as no link', () => {
    expect(parseSocialUsername('youtube', '')).toEqual({ ok: true, username: '' });
    expect(parseSocialUsername('tiktok', '  ')).toEqual({ ok: true, username: '' });
  });

  it("refuses characters, lengths and sites outside the network's rule", () => {
    for (const [network, typed] of [
      ['instagram', 'two words'],
      ['instagram', 'a'.repeat(31)],
      ['instagram', 'name-with-hyphen'],
      ['tiktok', 'x'],
      ['tiktok', 'https://evil.example/@someone'],
      ['youtube', 'ab'],
      ['youtube', '<script>'],
      ['instagram', 'https://instagram.com/'],
      ['instagram', '@'],
    ] as const) {
      expect(parseSocialUsername(network, typed).ok, `${network} ${typed}`).toBe(false);
    }
  });
});
