import type { AccountKind } from '@mastr/rules/roles.ts';
import { couchStatus, type Couch } from '../couch.ts';
import { DB } from '../databases.ts';
import { getDoc } from '../tenant-docs.ts';

/**
 * Profile images in `mastr_images`, one document per stored version, `image:{kind}:{profileId}:{version}`
 * (design/data-model.md "Profile images"): the version is a hash of the bytes, so the same picture
 * stored twice is one document. The accounts domain stores and serves them; an account's deletion
 * removes them all.
 */
export interface ImageDoc {
  _id: string;
  _rev?: string;
  type: 'image';
  kind: AccountKind;
  profileId: string;
  contentType: 'image/webp';
  width: number;
  height: number;
  /** The WebP bytes, base64 (a JSON field: the embedded CouchDB serves no attachments). */
  data: string;
  createdAt: string;
}

const imagesDb = (couch: Couch) => couch.use<ImageDoc>(DB.images);

/** One stored version, or null. */
export function getImage(couch: Couch, imageId: string) {
  return getDoc(imagesDb(couch), imageId);
}

/** Stores an image version; the same version stored already (409) holds the same bytes, so that is fine. */
export async function storeImage(couch: Couch, image: ImageDoc): Promise<void> {
  await imagesDb(couch)
    .insert(image)
    .catch((err: unknown) => {
      if (couchStatus(err) !== 409) throw err;
    });
}

/** Removes one version if it is there; one removed or replaced meanwhile (a lost race) is fine. */
export async function removeImage(couch: Couch, imageId: string): Promise<void> {
  const doc = await getImage(couch, imageId);
  if (!doc) return;
  await imagesDb(couch)
    .destroy(imageId, doc._rev)
    .catch((err: unknown) => {
      if (couchStatus(err) !== 404 && couchStatus(err) !== 409) throw err;
    });
}
