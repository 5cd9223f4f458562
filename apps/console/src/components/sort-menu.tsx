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
  t,
  texts = 'sort',
  sort,
  onSort,
  choices,
}: {
  /** The page's translations: `<texts>.label` names the menu, `<texts>.<key>_<direction>` a choice. */
  t: (key: string) => string;
  texts?: string;
  sort: Sort;
  onSort(sort: Sort): void;
  /** The sorts offered, in menu order. */
  choices: readonly (readonly [key: string, direction: Direction])[];
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  if (!phone) return null;
  return (
    <Select
      mb="md"
      aria-label={t(`${texts}.label`)}
      value={`${sort.key}:${sort.direction}`}
      onChange={(v) => {
        const choice = choices.find(([key, direction]) => `${key}:${direction}` === v);
        if (choice) onSort({ key: choice[0], direction: choice[1] });
      }}
      data={choices.map(([key, direction]) => ({
        value: `${key}:${direction}`,
        label: t(`${texts}.${key}_${direction}`),
      }))}
      allowDeselect={false}
    />
  );
}
