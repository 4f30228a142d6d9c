// PLACEHOLDER — replaced by the route plugin.
import type { Plugin } from '@hapi/hapi';
import type { Deps } from '../deps.ts';

export const sessionPlugin: Plugin<Deps> = { name: 'session', register() {} };
