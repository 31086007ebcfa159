import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

function filesUnder(folder: string, keep: (name: string) => boolean): string[] {
  return readdirSync(path.join(root, folder)).flatMap((name) => {
    const relative = path.join(folder, name);
    if (statSync(path.join(root, relative)).isDirectory()) return filesUnder(relative, keep);
    return keep(name) ? [relative] : [];
  });
}

const documents = ['README.md', 'bench/RESULTS.md', ...filesUnder('docs', (name) => name.endsWith('.md'))];
const sources = [
  'shared',
  'functions',
  'lib',
  'bin',
  'bench',
  'test/unit',
  'test/integration',
  'test/infra',
  'test/browser',
  'test/support',
].flatMap((folder) => filesUnder(folder, (name) => /\.(ts|js|css)$/.test(name)));

/** The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingSlugs(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const slugs = new Set<string>();
  const outsideCode = markdown.replace(/```[\s\S]*?```/g, '');
  for (const [, heading] of outsideCode.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}

describe('links between documents', () => {
  it('every relative Markdown link in README.md, bench/RESULTS.md and docs/ points at a file or folder that exists', () => {
    const broken = documents.flatMap((document) => {
      const text = readFileSync(path.join(root, document), 'utf8');
      return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => match[1]!.split('#')[0]!)
        .filter((target) => target !== '' && !/^[a-z]+:/.test(target))
        .filter((target) => !existsSync(path.join(root, path.dirname(document), target)))
        .map((target) => `${document} -> ${target}`);
    });
    expect(broken).toEqual([]);
  });

  it('every anchor a Markdown link names (#section) is a heading of the document it points at', () => {
    const broken = documents.flatMap((document) => {
      const text = readFileSync(path.join(root, document), 'utf8');
      return [...text.matchAll(/\]\(([^)\s]*#[^)\s]+)\)/g)]
        .map((match) => match[1]!)
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => {
          const [file, anchor] = target.split('#') as [string, string];
          const targetPath = file === '' ? path.join(root, document) : path.join(root, path.dirname(document), file);
          if (!targetPath.endsWith('.md') || !existsSync(targetPath)) return false;
          return !headingSlugs(readFileSync(targetPath, 'utf8')).has(anchor);
        })
        .map((target) => `${document} -> ${target}`);
    });
    expect(broken).toEqual([]);
  });

  it('every docs/ or bench/ Markdown file a source file names exists', () => {
    const missing = sources.flatMap((source) => {
      const text = readFileSync(path.join(root, source), 'utf8');
      // A path inside a URL (https://docs.example/docs/x.md) is another site's, not ours.
      return [...text.matchAll(/(?<![\w./-])((?:docs|bench)\/[\w./-]+\.md)\b/g)]
        .map((match) => match[1]!)
        .filter((target) => !existsSync(path.join(root, target)))
        .map((target) => `${source} -> ${target}`);
    });
    expect(missing).toEqual([]);
  });
});
