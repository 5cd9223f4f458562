/**
 * A list's sort on a phone, where the cards have no column headers to click: one menu of
 * "key, direction" choices above the list (as finance's and the loans' lists have). On a desk it
 * shows nothing; the table's headers sort there.
 */
import { Select } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Sort } from './data-table.tsx';

type Direction = Sort['direction'];

export function SortMenu({
  label,
  sort,
  onSort,
  choices,
  labelOf,
}: {
  /** The menu's accessible name ("Sort"). */
  label: string;
  sort: Sort;
  onSort(sort: Sort): void;
  /** The sorts offered, in menu order. */
  choices: readonly (readonly [key: string, direction: Direction])[];
  labelOf(key: string, direction: Direction): string;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  if (!phone) return null;
  return (
    <Select
      mb="md"
      aria-label={label}
      value={`${sort.key}:${sort.direction}`}
      onChange={(v) => {
        const choice = choices.find(([key, direction]) => `${key}:${direction}` === v);
        if (choice) onSort({ key: choice[0], direction: choice[1] });
      }}
      data={choices.map(([key, direction]) => ({
        value: `${key}:${direction}`,
        label: labelOf(key, direction),
      }))}
      allowDeselect={false}
    />
  );
}
