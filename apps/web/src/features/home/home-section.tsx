import type { GoodsCardDto, Page } from '@mall/contract';
import type { ReactNode, RefObject } from 'react';
import { GoodsGrid } from '../../components/goods-card.tsx';
import { LangLink } from '../../lib/nav.tsx';
import { useTranslation } from '../../lib/translator/react.ts';

/** A home block: its title, a "see all" link to the paged list, the content. */
export function Section({
  id,
  title,
  more,
  children,
  sectionRef,
}: {
  id: string;
  title: string;
  more?: string;
  children: ReactNode;
  sectionRef?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('shop');
  return (
    <section className="home-section" aria-labelledby={id} ref={sectionRef}>
      <header className="home-section-head">
        <h2 id={id}>{title}</h2>
        {more && (
          <LangLink to={more} className="home-more">
            {t('home.seeAll')}
          </LangLink>
        )}
      </header>
      {children}
    </section>
  );
}

/** A block of goods (page 1 of 12); hidden when the list is empty. */
export function GoodsSection({
  id,
  title,
  more,
  list,
}: {
  id: string;
  title: string;
  more: string;
  list: Page<GoodsCardDto> | undefined;
}) {
  if (list?.pageList.length === 0) return null;
  return (
    <Section id={id} title={title} more={more}>
      <GoodsGrid goods={list?.pageList} loading={!list} label={title} />
    </Section>
  );
}
