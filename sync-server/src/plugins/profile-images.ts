import Boom from '@hapi/boom';
import type { Deps } from '../deps.ts';
import { IMAGE_CACHE_CONTROL, IMAGE_CONTENT_TYPE, readProfileImage } from '../services/accounts/index.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

/**
 * GET /api/images/{kind}/{profileId}/{version}.webp: a stored profile image (design/data-model.md
 * "Profile images"). Public, since public pages show gym and coach images. The version is a hash of
 * the bytes, so an address always means the same picture: browsers and caches keep it for a year
 * without asking again, and a new picture gets a new address.
 */
export const profileImagesPlugin = contractPlugin('profile-images', (deps: Deps) => [
  defineRoute('GET /api/images/{kind}/{profileId}/{version}.webp', {
    options: { auth: false },
    async handler(request, h) {
      const { kind, profileId, version } = request.params;
      const bytes = await readProfileImage(deps.couch, kind, profileId, version);
      if (!bytes) throw Boom.notFound('Not Found');
      return h
        .response(bytes)
        .type(IMAGE_CONTENT_TYPE)
        .etag(version)
        .header('cache-control', IMAGE_CACHE_CONTROL)
        .header('content-security-policy', "default-src 'none'");
    },
  }),
]);
