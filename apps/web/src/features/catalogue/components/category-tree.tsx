/**
 * A category tree to filter by: the top level, with the children of the chosen branch opened.
 * Entries may show how many goods they hold (all goods on sale, or the store's on a store page). Buttons, so the arrow of
 * Tab runs through it; the chosen one is marked aria-current.
 */
import type { CategoryNodeDto } from '@mall/contract';
import { formatCount } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/translator/react.ts';

/** The ids from the root down to `id` (empty when not in the tree). */
export function pathTo(nodes: readonly CategoryNodeDto[], id: string | null): string[] {
  if (!id) return [];
  for (const node of nodes) {
    if (node.categoryId === id) return [id];
    const below = pathTo(node.children, id);
    if (below.length > 0) return [node.categoryId, ...below];
  }
  return [];
}

export function findCategory(nodes: readonly CategoryNodeDto[], id: string | null): CategoryNodeDto | null {
  if (!id) return null;
  for (const node of nodes) {
    if (node.categoryId === id) return node;
    const below = findCategory(node.children, id);
    if (below) return below;
  }
  return null;
}

function Branch({
  nodes,
  open,
  selected,
  onSelect,
  counts,
}: {
  nodes: readonly CategoryNodeDto[];
  open: readonly string[];
  selected: string | null;
  onSelect: (id: string | null) => void;
  counts: boolean;
}) {
  return (
    <ul>
      {nodes.map((node) => (
        <li key={node.categoryId}>
          <button
            type="button"
            className="category-entry"
            aria-current={node.categoryId === selected ? 'true' : undefined}
            aria-expanded={node.children.length > 0 ? open.includes(node.categoryId) : undefined}
            onClick={() => onSelect(node.categoryId)}
          >
            <span>{node.name}</span>
            {counts && (
              <bdi dir="ltr" className="category-count">
                {formatCount(node.goodsCount)}
              </bdi>
            )}
          </button>
          {node.children.length > 0 && open.includes(node.categoryId) && (
            <Branch
              nodes={node.children}
              open={open}
              selected={selected}
              onSelect={onSelect}
              counts={counts}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

export function CategoryTree({
  nodes,
  selected,
  onSelect,
  allLabel,
  counts,
}: {
  nodes: readonly CategoryNodeDto[];
  selected: string | null;
  onSelect: (id: string | null) => void;
  allLabel?: string;
  /** Show each entry's goods count (only where it counts what the list shows). */
  counts: boolean;
}) {
  const { t } = useTranslation('catalogue');
  const open = pathTo(nodes, selected);
  return (
    <div className="category-tree">
      <button
        type="button"
        className="category-entry is-all"
        aria-current={selected ? undefined : 'true'}
        onClick={() => onSelect(null)}
      >
        {allLabel ?? t('filters.allCategories')}
      </button>
      <Branch nodes={nodes} open={open} selected={selected} onSelect={onSelect} counts={counts} />
    </div>
  );
}
