/**
 * Mantine's pagination with every control named (page numbers, previous, next): its arrow buttons
 * carry only an icon, which a screen reader announced as an unnamed button.
 */
import { Pagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function Pager(props: PaginationProps) {
  const { t } = useTranslation('console');
  return (
    <Pagination
      {...props}
      getItemProps={(page) => ({ 'aria-label': t('common.pageN', { n: page }) })}
      getControlProps={(control) => ({
        'aria-label':
          control === 'previous'
            ? t('common.previousPage')
            : control === 'next'
              ? t('common.nextPage')
              : control === 'first'
                ? t('common.firstPage')
                : t('common.lastPage'),
      })}
    />
  );
}
