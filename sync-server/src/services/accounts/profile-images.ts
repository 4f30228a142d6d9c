import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { MAX_PROFILE_IMAGE_BYTES, PROFILE_IMAGE_SIZE } from '@mastr/rules/account-fields.ts';
import { imageDocId, isId } from '@mastr/rules/doc-ids.ts';
import { ACCOUNT_KINDS, type AccountKind } from '@mastr/rules/roles.ts';
import type { Couch } from '../../couch/couch.ts';
import { getImage, removeImage, storeImage, type ImageDoc } from '../../couch/stores/images-store.ts';
import { pixelBoundOf, pixelRefusal, type ImageHeader } from './image-bounds.ts';

/**
 * Profile images (design/data-model.md "Profile images"): a data URL from the page is checked by its
 * bytes (JPEG, PNG or WebP, whatever its label says), turned upright, scaled to fit 512×512 and
 * re-encoded as WebP without any metadata (no EXIF, GPS or camera data survives). The result is one
 * document in `mastr_images`, served by every instance at a URL that names a hash of its bytes, so
 * the URL changes with every new picture and can be cached for good.
 */

/** What is served and how long a browser may keep it. */
export const IMAGE_CONTENT_TYPE = 'image/webp';
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** 16 hex characters of the SHA-256 of the stored bytes. */
const VERSION = /^[a-f0-9]{16}$/;

const DATA_URL = /^data:image\/(?:jpeg|jpg|png|webp);base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp']);

// One libvips thread per decode: with the per-instance decode slots (decode-gate.ts) that bounds the
// cores pictures can take. No operation cache: every upload is a new picture, and a cached one only
// holds memory (libvips keeps up to 50 MB by default).
sharp.concurrency(1);
sharp.cache(false);

export const IMAGE_REFUSALS = {
  notAnImage: 'Profile image must be a JPEG, PNG or WebP picture.',
  tooLarge: `Profile image must be at most ${MAX_PROFILE_IMAGE_BYTES / (1024 * 1024)} MB.`,
} as const;

type ImageRefusal = { outcome: 'refused'; message: string } | { outcome: 'too-large'; message: string };

export type PreparedImage = { outcome: 'ready'; webp: Buffer; width: number; height: number } | ImageRefusal;

/**
 * The bytes of a `data:image/…;base64,…` URL, or its refusal: anything that is not base64 under such
 * a prefix, and more than MAX_PROFILE_IMAGE_BYTES of it. No picture is looked at yet.
 */
export function imageBytesOf(dataUrl: string): { outcome: 'bytes'; bytes: Buffer } | ImageRefusal {
  const prefix = DATA_URL.exec(dataUrl);
  if (!prefix) return { outcome: 'refused', message: IMAGE_REFUSALS.notAnImage };
  const base64 = dataUrl.slice(prefix[0].length);
  if (!BASE64.test(base64)) return { outcome: 'refused', message: IMAGE_REFUSALS.notAnImage };
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_PROFILE_IMAGE_BYTES) return { outcome: 'too-large', message: IMAGE_REFUSALS.tooLarge };
  if (bytes.length === 0) return { outcome: 'refused', message: IMAGE_REFUSALS.notAnImage };
  return { outcome: 'bytes', bytes };
}

/**
 * The picture's header, judged by its bytes (JPEG, PNG or WebP, whatever its label says) and its
 * pixels (image-bounds.ts), without decoding it: sharp's `metadata()` reads the header only.
 */
export async function readImageHeader(
  bytes: Buffer,
): Promise<{ outcome: 'header'; header: ImageHeader } | ImageRefusal> {
  try {
    const { format, width, height, isProgressive } = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!format || !IMAGE_FORMATS.has(format) || !width || !height)
      return { outcome: 'refused', message: IMAGE_REFUSALS.notAnImage };
    const header: ImageHeader = {
      format: format as ImageHeader['format'],
      width,
      height,
      progressive: !!isProgressive,
    };
    const tooManyPixels = pixelRefusal(header);
    if (tooManyPixels) return { outcome: 'refused', message: tooManyPixels };
    return { outcome: 'header', header };
  } catch {
    return { outcome: 'refused', message: IMAGE_REFUSALS.notAnImage };
  }
}

/**
 * The stored form of a picture whose header passed: turned upright, scaled to fit 512×512 (a JPEG
 * shrunk while it is read) and re-encoded as WebP. Run through the instance's decode gate.
 */
export async function decodeProfileImage(bytes: Buffer, header: ImageHeader): Promise<PreparedImage> {
  try {
    const { data, info } = await sharp(bytes, {
      // The header's bound again, should the decoder see more than the header said.
      limitInputPixels: pixelBoundOf(header).pixels,
      failOn: 'error',
      sequentialRead: true,
    })
      .autoOrient()
      .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, {
        fit: 'inside',
        withoutEnlargement: true,
        fastShrinkOnLoad: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { outcome: 'ready', webp: data, width: info.width, height: info.height };
  } catch {
    // Not an image libvips can read (truncated, corrupt): the sender's problem.
    return { outcome: 'refused', message: IMAGE_REFUSALS.notAnImage };
  }
}

/** Where an image is served (design/data-model.md "Profile images"); the profile's `profileImage` holds it. */
const imageUrl = (kind: AccountKind, profileId: string, version: string) =>
  `/api/images/${kind}/${profileId}/${version}.webp`;

const URL_SHAPE = /^\/api\/images\/([a-z]+)\/([a-f0-9]{24})\/([a-f0-9]{16})\.webp$/;

/** The document behind one of our image URLs, or null for anything else (an empty field, an old data URL). */
function imageDocIdOfUrl(url: string): string | null {
  const match = URL_SHAPE.exec(url);
  if (!match || !(ACCOUNT_KINDS as readonly string[]).includes(match[1])) return null;
  return imageDocId(match[1] as AccountKind, match[2], match[3]);
}

/** Stores a prepared image for this profile and answers its URL (the same bytes stored twice are one document). */
export async function storeProfileImage(
  couch: Couch,
  kind: AccountKind,
  profileId: string,
  image: { webp: Buffer; width: number; height: number },
  now: Date,
): Promise<string> {
  const version = createHash('sha256').update(image.webp).digest('hex').slice(0, 16);
  const doc: ImageDoc = {
    _id: imageDocId(kind, profileId, version),
    type: 'image',
    kind,
    profileId,
    contentType: IMAGE_CONTENT_TYPE,
    width: image.width,
    height: image.height,
    data: image.webp.toString('base64'),
    createdAt: now.toISOString(),
  };
  await storeImage(couch, doc);
  return imageUrl(kind, profileId, version);
}

/** Removes the stored image an URL points at, if it is one of ours; a missing one or a lost race is fine. */
export async function forgetProfileImage(couch: Couch, url: string): Promise<void> {
  const id = imageDocIdOfUrl(url);
  if (id) await removeImage(couch, id);
}

/** The bytes of a stored image, or null when the address names none. */
export async function readProfileImage(
  couch: Couch,
  kind: string,
  profileId: string,
  version: string,
): Promise<Buffer | null> {
  if (!(ACCOUNT_KINDS as readonly string[]).includes(kind) || !isId(profileId) || !VERSION.test(version)) return null;
  const doc = await getImage(couch, imageDocId(kind as AccountKind, profileId, version));
  return doc ? Buffer.from(doc.data, 'base64') : null;
}

/** What a public answer may carry as an image: a URL, never the picture itself (old data URLs show as none). */
export function publicImageUrl(value: string | null | undefined): string {
  return typeof value === 'string' && !value.trim().toLowerCase().startsWith('data:') ? value : '';
}
