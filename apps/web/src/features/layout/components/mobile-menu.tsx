/** The phone menu: a drawer from the inline end with the header's actions and the main links. */
import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { LangLink } from '../../../lib/nav.tsx';
import { openPromotionFromLink } from '../../../lib/promotion.ts';
import { useTranslation } from '../../../lib/translator/react.ts';

interface Props {
  opened: boolean;
  title: string;
  onClose: () => void;
  nav: readonly (readonly [to: string, labelKey: string])[];
  actions: ReactNode;
}

export default function MobileMenu({ opened, title, onClose, nav, actions }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position={i18n.dir() === 'rtl' ? 'left' : 'right'}
      size="xs"
      title={title}
    >
      <div className="drawer-menu">
        {actions}
        <hr />
        {nav.map(([to, label]) => (
          <LangLink
            key={to}
            to={to}
            onClick={(event) => {
              if (to === '/merchantSettled') openPromotionFromLink(event);
              onClose();
            }}
          >
            {t(label)}
          </LangLink>
        ))}
      </div>
    </Drawer>
  );
}
