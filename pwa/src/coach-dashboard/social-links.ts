/** A coach's social profiles (§2 coach account, coach profile): links open the network's public page. */
import type { CoachMe } from '@mastr/rules/api/me.ts';

export interface SocialLink {
  network: 'Instagram' | 'TikTok' | 'YouTube';
  handle: string;
  href: string;
}

/** Stored values are usernames; a leading '@' or surrounding spaces typed by the coach are tolerated. */
function handleOf(value: string | undefined): string {
  return (value ?? '').trim().replace(/^@/, '');
}

export function socialLinksOf(
  coach: Pick<CoachMe, 'instagramUsername' | 'tiktokUsername' | 'youtubeUsername'>,
): SocialLink[] {
  const links: SocialLink[] = [];
  const instagram = handleOf(coach.instagramUsername);
  const tiktok = handleOf(coach.tiktokUsername);
  const youtube = handleOf(coach.youtubeUsername);
  if (instagram)
    links.push({
      network: 'Instagram',
      handle: instagram,
      href: `https://www.instagram.com/${encodeURIComponent(instagram)}/`,
    });
  if (tiktok)
    links.push({ network: 'TikTok', handle: tiktok, href: `https://www.tiktok.com/@${encodeURIComponent(tiktok)}` });
  if (youtube)
    links.push({
      network: 'YouTube',
      handle: youtube,
      href: `https://www.youtube.com/@${encodeURIComponent(youtube)}`,
    });
  return links;
}
