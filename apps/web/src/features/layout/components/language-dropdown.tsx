import { Menu } from '@mantine/core';
import { activeLanguage, changeLanguage, offeredLanguages } from '../../../lib/language.ts';
import { LanguageButton } from './language-button.tsx';

export default function LanguageDropdown({ defaultOpened }: { defaultOpened: boolean }) {
  const current = activeLanguage();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200} defaultOpened={defaultOpened}>
      <Menu.Target>
        <LanguageButton />
      </Menu.Target>
      <Menu.Dropdown className="language-dropdown">
        {offeredLanguages().map((l) => (
          <Menu.Item
            key={l.code}
            lang={l.code}
            onClick={() => changeLanguage(l.code)}
            aria-current={l.code === current ? 'true' : undefined}
            className={l.code === current ? 'is-current' : undefined}
          >
            {l.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
