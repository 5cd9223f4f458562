/**
 * The one migration set of both dialects, in order. Migrations are frozen in time: once landed
 * they are never edited; a change is a new file. They take Kysely<any> and import no app code.
 */
import type { Migration } from 'kysely';
import * as core from './2026-11-22-0001-core.ts';
import * as jobs from './2026-11-22-0002-jobs.ts';
import * as accounts from './2026-11-23-0100-accounts.ts';
import * as catalogue from './2026-11-23-0200-catalogue.ts';
import * as ledger from './2026-11-23-0300-ledger.ts';
import * as wallet from './2026-11-23-0400-wallet.ts';
import * as orders from './2026-11-23-0500-orders.ts';
import * as loans from './2026-11-23-0700-loans.ts';
import * as chat from './2026-11-23-0800-chat.ts';
import * as merchantsAndSeller from './2026-11-23-0900-merchants-and-seller.ts';
import * as backOffice from './2026-11-23-0950-back-office.ts';
import * as catalogueListIndexes from './2026-11-23-2300-catalogue-list-indexes.ts';
import * as goodsFlagIndexes from './2026-11-24-0100-goods-flag-indexes.ts';
import * as contentLanguage from './2026-11-25-0900-content-language.ts';
import * as verificationFlags from './2026-11-27-0100-verification-flags.ts';
import * as chain from './2026-11-27-1600-chain.ts';
import * as uploadRenditions from './2026-11-27-1700-upload-renditions.ts';
import * as notifications from './2026-11-27-1800-notifications.ts';
import * as bankReceivingAccounts from './2026-11-27-2600-bank-receiving-accounts.ts';
import * as signInDevices from './2026-11-27-2700-sign-in-devices.ts';
import * as readPathIndexes from './2026-11-27-2701-read-path-indexes.ts';
import * as contentTranslations from './2026-11-27-2800-content-translations.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-core': core,
  '2026-11-22-0002-jobs': jobs,
  '2026-11-23-0100-accounts': accounts,
  '2026-11-23-0200-catalogue': catalogue,
  '2026-11-23-0300-ledger': ledger,
  '2026-11-23-0400-wallet': wallet,
  '2026-11-23-0500-orders': orders,
  '2026-11-23-0700-loans': loans,
  '2026-11-23-0800-chat': chat,
  '2026-11-23-0900-merchants-and-seller': merchantsAndSeller,
  '2026-11-23-0950-back-office': backOffice,
  '2026-11-23-2300-catalogue-list-indexes': catalogueListIndexes,
  '2026-11-24-0100-goods-flag-indexes': goodsFlagIndexes,
  '2026-11-25-0900-content-language': contentLanguage,
  '2026-11-27-0100-verification-flags': verificationFlags,
  '2026-11-27-1600-chain': chain,
  '2026-11-27-1700-upload-renditions': uploadRenditions,
  '2026-11-27-1800-notifications': notifications,
  '2026-11-27-2600-bank-receiving-accounts': bankReceivingAccounts,
  '2026-11-27-2700-sign-in-devices': signInDevices,
  '2026-11-27-2701-read-path-indexes': readPathIndexes,
  '2026-11-27-2800-content-translations': contentTranslations,
};
