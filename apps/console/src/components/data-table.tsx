/**
 * The console's lists: server-side paging, optional sorting by column, loading and empty states.
 * On a phone every row becomes a card of label/value lines, so actions stay within reach.
 */

import type { PageInfo } from '@mall/contract';
import { Center, Group, Loader, Paper, ScrollArea, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from './pager.tsx';

export interface Column<T> {
  key: string;
  label: string;
  render(row: T): ReactNode;
  sortable?: boolean;
  /** Numbers, codes and amounts read left to right in every language. */
  ltr?: boolean;
  /** Long values (hashes, remarks) cut to this width with an ellipsis; the whole value in a tooltip. */
  maxWidth?: number;
  /** The plain text of a cut value, for its tooltip. */
  text?(row: T): string;
}

function Cell<T>({ column, row }: { column: Column<T>; row: T }) {
  const content = column.render(row);
  if (!column.maxWidth) return <>{content}</>;
  return (
    <Text size="sm" truncate="end" maw={column.maxWidth} title={column.text?.(row)}>
      {content}
    </Text>
  );
}

function RowCards<T>({ columns, rows, rowKey }: { columns: Column<T>[]; rows: T[]; rowKey(row: T): string }) {
  return (
    <Stack gap="sm">
      {rows.map((row) => (
        <Paper key={rowKey(row)} withBorder p="sm">
          <Stack gap={6}>
            {columns.map((c) => (
              <Group key={c.key} gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
                {c.label && (
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {c.label}
                  </Text>
                )}
                <div
                  dir={c.ltr ? 'ltr' : undefined}
                  style={{ minWidth: 0, overflowWrap: 'anywhere', textAlign: 'end', fontSize: 14 }}
                >
                  {c.render(row)}
                </div>
              </Group>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export interface Sort {
  key: string;
  direction: 'asc' | 'desc';
}

interface Props<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey(row: T): string;
  loading?: boolean;
  pageInfo?: PageInfo | undefined;
  onPage?(pageNum: number): void;
  sort?: Sort | undefined;
  onSort?(sort: Sort): void;
  empty?: string;
}

export function DataTable<T>({
  columns,
  rows,
  rowKey,
  loading,
  pageInfo,
  onPage,
  sort,
  onSort,
  empty,
}: Props<T>) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const pages = pageInfo ? Math.max(1, Math.ceil(pageInfo.total / pageInfo.pageSize)) : 1;
  return (
    <div>
      {phone ? (
        <RowCards columns={columns} rows={rows ?? []} rowKey={rowKey} />
      ) : (
        <ScrollArea type="auto">
          <Table striped highlightOnHover verticalSpacing="sm" miw={720}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th
                    key={c.key}
                    // The sort state belongs to the column header, not to the button inside it.
                    aria-sort={
                      c.sortable && onSort
                        ? sort?.key === c.key
                          ? sort.direction === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : 'none'
                        : undefined
                    }
                  >
                    {c.sortable && onSort ? (
                      <UnstyledButton
                        // The header's own size and weight (a button resets them).
                        style={{ font: 'inherit' }}
                        onClick={() =>
                          onSort({
                            key: c.key,
                            direction: sort?.key === c.key && sort.direction === 'desc' ? 'asc' : 'desc',
                          })
                        }
                      >
                        <Group gap={4} wrap="nowrap">
                          <span>{c.label}</span>
                          <span aria-hidden="true">
                            {sort?.key === c.key ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                          </span>
                        </Group>
                      </UnstyledButton>
                    ) : (
                      c.label
                    )}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(rows ?? []).map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <Table.Td
                      key={c.key}
                      dir={c.ltr ? 'ltr' : undefined}
                      style={c.ltr ? { textAlign: 'start' } : undefined}
                    >
                      <Cell column={c} row={row} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {loading && (
        <Center p="lg">
          <Loader />
        </Center>
      )}
      {!loading && rows?.length === 0 && (
        <Text c="dimmed" ta="center" p="lg">
          {empty ?? t('common.empty')}
        </Text>
      )}
      {pageInfo && pages > 1 && onPage && (
        <Group justify="space-between" mt="md" gap="xs">
          <Text size="sm" c="dimmed">
            {t('common.total', { count: pageInfo.total })}
          </Text>
          <Pager total={pages} value={pageInfo.pageNum} onChange={onPage} />
        </Group>
      )}
    </div>
  );
}
