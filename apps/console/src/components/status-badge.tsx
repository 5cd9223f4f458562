import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  processing: 'yellow',
  pending: 'yellow',
  success: 'green',
  approved: 'green',
  fail: 'red',
  refused: 'red',
  rejected: 'red',
};

/**
 * A record's state as a coloured badge. `label` overrides the wallet wording (`status.<status>`) for
 * other domains; `color` overrides the colour. The badge never shrinks below its text in a table.
 */
export function StatusBadge({ status, label, color }: { status: string; label?: string; color?: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={color ?? COLORS[status] ?? 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
      {label ?? t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
