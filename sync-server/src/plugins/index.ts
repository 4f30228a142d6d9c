import type { Plugin } from '@hapi/hapi';
import type { Deps } from '../deps.ts';

/**
 * The /api/* route plugins, registered in this order. Each is thin: it validates with joi and
 * calls a domain service in ../services.
 */
export const apiPlugins: Plugin<Deps>[] = [];
