import { describe, it, expect } from 'vitest';
import { socialLinksOf } from './social-links.ts';

describe('socialLinksOf', () => {
  it('links each set username to its network, in Instagram, TikTok, YouTube order', () => {
    expect(
      socialLinksOf({ instagramUsername: 'ana.bjj', tiktokUsername: 'ana_fights', youtubeUsername: 'AnaSilva' }),
    ).toEqual([
      { network: 'Instagram', handle: 'ana.bjj', href: 'https://www.instagram.com/ana.bjj/' },
      { network: 'TikTok', handle: 'ana_fights', href: 'https://www.tiktok.com/@ana_fights' },
      { network: 'YouTube', handle: 'AnaSilva', href: 'https://www.youtube.com/@AnaSilva' },
    ]);
  });

  it('skips empty usernames and tolerates a typed @', () => {
    expect(socialLinksOf({ instagramUsername: '', tiktokUsername: ' @ana ', youtubeUsername: '' })).toEqual([
      { network: 'TikTok', handle: 'ana', href: 'https://www.tiktok.com/@ana' },
    ]);
  });

  it('keeps a hostile value inside the path of the link', () => {
    const [link] = socialLinksOf({ instagramUsername: '../evil?x=1', tiktokUsername: '', youtubeUsername: '' });
    expect(link.href).toBe('https://www.instagram.com/..%2Fevil%3Fx%3D1/');
  });
});
