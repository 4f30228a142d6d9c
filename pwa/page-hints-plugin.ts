import path from 'node:path';
import type { Plugin } from 'vite';
import { PAGE_HINTS_FILE, type PageHints } from '../rules/page-hints.ts';
import { LANDING_PAGES } from './src/landing-pages.ts';

interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Writes `PAGE_HINTS_FILE`: for each landing page (src/landing-pages.ts), the scripts and stylesheets
 * its chunk needs, transitively, that index.html does not already load (decision 189).
 */
export function pageHintsPlugin(srcDir: string): Plugin {
  return {
    name: 'mastr-page-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is typeof file & BuiltChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** The chunk and every chunk it imports statically, in load order, with their stylesheets. */
      const closure = (start: BuiltChunk) => {
        const scripts: string[] = [];
        const styles: string[] = [];
        const visit = (chunk: BuiltChunk) => {
          if (scripts.includes(chunk.fileName)) return;
          scripts.push(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) if (!styles.includes(css)) styles.push(css);
          for (const file of chunk.imports) {
            const imported = byFile.get(file);
            if (imported) visit(imported);
          }
        };
        visit(start);
        return { scripts, styles };
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('page hints: the build has no entry chunk');
      const loadedByIndex = closure(entry);
      const hints: PageHints = {};
      for (const { path: pagePath, page } of LANDING_PAGES) {
        const moduleId = path.join(srcDir, page);
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === moduleId);
        if (!chunk) this.error(`page hints: no chunk of its own for ${page} (is it still loaded with import()?)`);
        const { scripts, styles } = closure(chunk);
        hints[pagePath] = {
          scripts: scripts.filter((file) => !loadedByIndex.scripts.includes(file)),
          styles: styles.filter((file) => !loadedByIndex.styles.includes(file)),
        };
      }
      this.emitFile({ type: 'asset', fileName: PAGE_HINTS_FILE, source: `${JSON.stringify(hints, null, 2)}\n` });
    },
  };
}
