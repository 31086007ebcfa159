/**
 * Data that is not ours, read where it lies beside the repository and never copied into it
 * (docs/decisions/099-outside-data-stays-outside.md): the real product pages of a third party's extraction
 * benchmark and the conformance corpus of the standards' own examples. Every test and bench that needs
 * either reaches it through this module, and only here are its folders, files and variables named
 * (test/unit/self-contained.test.ts keeps it so). Where a corpus is missing, the answer says so in one line
 * that names the variable and the folder looked at, so a suite can skip instead of failing.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Where CI and the worktrees keep outside data: a folder named shared beside the repository. */
const BESIDE = path.resolve(REPO_ROOT, '..', 'shared');

export interface Absent {
  readonly present: false;
  /** One line: what is missing, where it was looked for and the variable that says where to look. */
  readonly reason: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The corpus's folder when `marker` is in it, else why not. */
function locate(env: Env, variable: string, fallback: string, marker: string, what: string): string | Absent {
  const chosen = env[variable] || undefined;
  const dir = path.resolve(chosen ?? fallback);
  if (existsSync(path.join(dir, marker))) return dir;
  const how = chosen === undefined ? `${variable} unset, its default beside the repository` : `${variable}=${chosen}`;
  return { present: false, reason: `${what} absent: no ${marker} in ${dir} (${how})` };
}

/** One page's labels: each a list of the answers accepted, as the page shows them (a currency may be `€`). */
export interface LabelledPage {
  url: string;
  price?: string[];
  currency?: string[];
  availability?: string[];
  sku?: string[];
  gtin?: string[];
  mpn?: string[];
  brand?: string[];
}

export interface ProductPages {
  readonly present: true;
  readonly dir: string;
  /** Every page's labels by the page's id. */
  groundTruth(): Record<string, LabelledPage>;
  /** The page's bytes as saved (the corpus keeps them gzipped). */
  html(id: string): Buffer;
}

/** The 93 real product pages with hand-labelled ground truth: `PRODUCT_PAGES_DIR`, else `../shared/fixtures/product-pages`. */
export function productPages(env: Env = process.env): ProductPages | Absent {
  const dir = locate(env, 'PRODUCT_PAGES_DIR', path.join(BESIDE, 'fixtures', 'product-pages'), 'ground-truth.json', 'real product pages');
  if (typeof dir !== 'string') return dir;
  return {
    present: true,
    dir,
    groundTruth: () => JSON.parse(readFileSync(path.join(dir, 'ground-truth.json'), 'utf8')) as Record<string, LabelledPage>,
    html: (id) => gunzipSync(readFileSync(path.join(dir, 'html', `${id}.html.gz`))),
  };
}

const ServedDocument = z.object({ path: z.string(), doc: z.string(), template: z.boolean().optional() });
const ConformanceCase = z.object({
  id: z.string(),
  standard: z.string(),
  /** The signal of the scan result's inventory the case is about. */
  signal: z.string(),
  /** `current`: the version the scanner pins; `newer`: a draft on the standard's main branch. */
  class: z.enum(['current', 'newer']),
  declares: z.string(),
  /** The verdict the standard's own JSON Schema gives the documents. */
  expected: z.enum(['valid', 'invalid']),
  serve: z.array(ServedDocument).min(1),
  source: z.object({ repo: z.string(), path: z.string(), commit: z.string(), licence: z.string() }).loose(),
  label: z.string(),
});
const ConformanceManifest = z.object({ about: z.string(), cases: z.array(ConformanceCase) });

export type ServedDocument = z.infer<typeof ServedDocument>;
export type ConformanceCase = z.infer<typeof ConformanceCase>;
export type ConformanceManifest = z.infer<typeof ConformanceManifest>;

export interface ConformanceCorpus {
  readonly present: true;
  readonly dir: string;
  /** The cases, checked against the manifest's shape. */
  manifest(): ConformanceManifest;
  /** A document's text as the case serves it: in a template, `{{origin}}` becomes the serving shop's origin. */
  document(served: ServedDocument, origin: string): string;
}

/** The standards' published examples with their schema verdicts: `CONFORMANCE_DIR`, else `../shared/conformance`. */
export function conformanceCorpus(env: Env = process.env): ConformanceCorpus | Absent {
  const dir = locate(env, 'CONFORMANCE_DIR', path.join(BESIDE, 'conformance'), 'manifest.json', 'conformance corpus');
  if (typeof dir !== 'string') return dir;
  return {
    present: true,
    dir,
    manifest: () => ConformanceManifest.parse(JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'))),
    document: (served, origin) => {
      const text = readFileSync(path.join(dir, served.doc), 'utf8');
      return served.template === true ? text.replaceAll('{{origin}}', origin) : text;
    },
  };
}

/** The conformance corpus in `dir` when one is given (a command's argument), else where `conformanceCorpus` looks. */
export function conformanceCorpusIn(dir: string | undefined): ConformanceCorpus | Absent {
  return conformanceCorpus(dir === undefined ? process.env : { ...process.env, CONFORMANCE_DIR: dir });
}

/** The corpus when it is there; else nothing, after one line saying what is skipped and why. */
export function orSkipped<T extends ProductPages | ConformanceCorpus>(data: T | Absent, skipped: string): T | undefined {
  if (data.present) return data;
  console.log(`${skipped} skipped: ${data.reason}`);
  return undefined;
}
