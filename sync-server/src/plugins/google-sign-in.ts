// PLACEHOLDER — replaced by the route plugin.
import type { Plugin } from '@hapi/hapi';
import type { Deps } from '../deps.ts';

export const googleSignInPlugin: Plugin<Deps> = { name: 'google-sign-in', register() {} };
