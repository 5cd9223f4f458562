/**
 * The category tree in memory (a few hundred rows at most): names per language, descendants for
 * filters, goods counts summed up the tree. Rebuilt from the database when the cache expires or the
 * catalogue changes.
 */
import type { CategoryDto, CategoryNodeDto } from '@mall/contract';
import type { LanguageCode } from '@mall/i18n';
import type { CategoryRow } from './catalogue.repository.ts';

interface Node {
  row: CategoryRow;
  names: Record<string, string>;
  children: string[];
}

function parseNames(json: string): Record<string, string> {
  try {
    const value = JSON.parse(json) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).filter(
          (e): e is [string, string] => typeof e[1] === 'string' && e[1].length > 0,
        ),
      );
    }
  } catch {
    // Untranslated rather than broken.
  }
  return {};
}

export class CategoryTree {
  private readonly nodes = new Map<string, Node>();
  private readonly roots: string[] = [];
  /** Goods on sale per category including its descendants. */
  private readonly totals = new Map<string, number>();

  constructor(rows: readonly CategoryRow[], leafCounts: ReadonlyMap<string, number>) {
    for (const row of rows) this.nodes.set(row.id, { row, names: parseNames(row.names), children: [] });
    for (const node of this.nodes.values()) {
      const parent = node.row.parentId ? this.nodes.get(node.row.parentId) : undefined;
      if (parent) parent.children.push(node.row.id);
      else if (!node.row.parentId) this.roots.push(node.row.id);
      // A child of a hidden parent is hidden with it.
    }
    const sum = (id: string, seen: Set<string>): number => {
      if (seen.has(id)) return 0;
      seen.add(id);
      const node = this.nodes.get(id);
      let total = leafCounts.get(id) ?? 0;
      for (const child of node?.children ?? []) total += sum(child, seen);
      this.totals.set(id, total);
      return total;
    };
    for (const root of this.roots) sum(root, new Set());
  }

  has(id: string): boolean {
    return this.totals.has(id);
  }

  /** The category and all below it (the ids a category filter matches). */
  descendants(id: string): string[] {
    const out: string[] = [];
    const walk = (at: string) => {
      if (out.includes(at)) return;
      out.push(at);
      for (const child of this.nodes.get(at)?.children ?? []) walk(child);
    };
    if (this.has(id)) walk(id);
    return out;
  }

  name(id: string, lang: LanguageCode): string {
    const node = this.nodes.get(id);
    if (!node) return '';
    return node.names[lang] ?? node.row.name;
  }

  dto(id: string, lang: LanguageCode, counts?: ReadonlyMap<string, number>): CategoryDto | undefined {
    const node = this.nodes.get(id);
    if (!node || !this.has(id)) return undefined;
    return {
      categoryId: id,
      parentId: node.row.parentId,
      name: node.names[lang] ?? node.row.name,
      iconImg: node.row.iconUrl,
      recommend: node.row.recommend,
      sort: node.row.sort,
      goodsCount: counts ? (counts.get(id) ?? 0) : (this.totals.get(id) ?? 0),
    };
  }

  /** Children of a category (roots without one). */
  children(parentId: string | undefined, lang: LanguageCode): CategoryDto[] {
    const ids = parentId ? (this.nodes.get(parentId)?.children ?? []) : this.roots;
    return ids.map((id) => this.dto(id, lang)).filter((d): d is CategoryDto => d !== undefined);
  }

  recommended(lang: LanguageCode): CategoryDto[] {
    const out: CategoryDto[] = [];
    const walk = (id: string) => {
      const node = this.nodes.get(id);
      if (!node) return;
      if (node.row.recommend) {
        const dto = this.dto(id, lang);
        if (dto) out.push(dto);
      }
      for (const child of node.children) walk(child);
    };
    for (const root of this.roots) walk(root);
    return out;
  }

  /**
   * The whole tree; with `leafCounts` (a store's goods per category) the counts are that store's
   * and categories where it sells nothing are left out.
   */
  tree(lang: LanguageCode, leafCounts?: ReadonlyMap<string, number>): CategoryNodeDto[] {
    let counts: Map<string, number> | undefined;
    if (leafCounts) {
      counts = new Map();
      const sum = (id: string): number => {
        let total = leafCounts.get(id) ?? 0;
        for (const child of this.nodes.get(id)?.children ?? []) total += sum(child);
        counts?.set(id, total);
        return total;
      };
      for (const root of this.roots) sum(root);
    }
    const build = (id: string): CategoryNodeDto | undefined => {
      if (counts && (counts.get(id) ?? 0) === 0) return undefined;
      const dto = this.dto(id, lang, counts);
      if (!dto) return undefined;
      const children = (this.nodes.get(id)?.children ?? [])
        .map(build)
        .filter((c): c is CategoryNodeDto => c !== undefined);
      return { ...dto, children };
    };
    return this.roots.map(build).filter((c): c is CategoryNodeDto => c !== undefined);
  }
}
