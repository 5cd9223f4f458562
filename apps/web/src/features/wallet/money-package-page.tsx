/**
 * /userInfo/money-package: the USDT balance, what holds part of it, the statement of every movement
 * (components/statement-panel.tsx), and the deposit and withdrawal requests in three tabs (deposits by chain or
 * payment channel, bank-card deposits, withdrawals), 8 or 20 a page (SPEC §9). The tab and page
 * live in the URL (`tab`, `page`) beside whatever else is there (`lang`, the menu's `index`).
 */
import { Tabs } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from '../../lib/translator/react.ts';
import type { RecordsTab } from './api/wallet-api.ts';
import { BalanceCard } from './components/balance-card.tsx';
import { HoldsCard } from './components/holds-card.tsx';
import { RecordList } from './components/record-list.tsx';
import { StatementPanel } from './components/statement-panel.tsx';
import { useQueryParams } from './hooks/use-query-params.ts';
import './wallet-styles.ts';

const TABS: RecordsTab[] = ['recharge', 'bank', 'withdraw'];

export default function MoneyPackagePage() {
  const { t } = useTranslation('wallet');
  const [params, update] = useQueryParams();
  const asked = params.get('tab');
  const tab: RecordsTab = TABS.includes(asked as RecordsTab) ? (asked as RecordsTab) : 'recharge';
  const pageParam = Number(params.get('page'));
  const page = Number.isSafeInteger(pageParam) && pageParam > 0 ? pageParam : 1;

  const onPage = useCallback((p: number) => update({ page: p > 1 ? String(p) : null }), [update]);

  return (
    <div className="wallet-page">
      <header className="wallet-page-head">
        <h1>{t('title.wallet')}</h1>
      </header>
      <BalanceCard />
      <HoldsCard />
      <StatementPanel />
      <section className="wallet-panel" aria-labelledby="wallet-records-title">
        <h2 id="wallet-records-title">{t('records.title')}</h2>
        <Tabs
          value={tab}
          onChange={(value) => update({ tab: value && value !== 'recharge' ? value : null, page: null })}
          keepMounted={false}
          className="wallet-tabs"
        >
          <Tabs.List>
            {TABS.map((k) => (
              <Tabs.Tab key={k} value={k}>
                {t(`records.tabs.${k}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map((k) => (
            <Tabs.Panel key={k} value={k}>
              <RecordList tab={k} page={page} onPage={onPage} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </section>
    </div>
  );
}
