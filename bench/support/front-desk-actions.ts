/**
 * The front desk's own check-in action, loaded for Node. Its module graph reaches the forms'
 * stylesheet (form-message.tsx imports a .css file, which Vite bundles); Node cannot load CSS, so
 * a loader hook answers stylesheets with an empty module before the action is imported.
 */
import { register } from 'node:module';

const ignoreStyles = `export async function load(url, context, next) {
  return url.endsWith('.css') ? { format: 'module', source: '', shortCircuit: true } : next(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(ignoreStyles)}`);

export const { recordCheckIn } = await import('../../pwa/src/front-desk/check-in-actions.ts');
