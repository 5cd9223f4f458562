/**
 * Inside the pay dialog, for a buyer who never set a fund password: choose the six digits (twice)
 * and prove it is you with the login password; the payment then goes on with the new password, so
 * a first order is paid without leaving the dialog.
 */
import { PasswordInput } from '@mantine/core';
import { useTranslation } from '../../../lib/translator/react.ts';

export interface FundPasswordDraft {
  pin: string;
  pinAgain: string;
  loginPassword: string;
}

export const EMPTY_DRAFT: FundPasswordDraft = { pin: '', pinAgain: '', loginPassword: '' };

/** The first problem of a draft as a translation key of the orders namespace, or undefined. */
export function draftProblem(draft: FundPasswordDraft): string | undefined {
  if (!/^\d{6}$/.test(draft.pin)) return 'pay.setup.pinShape';
  if (draft.pin !== draft.pinAgain) return 'pay.setup.mismatch';
  if (draft.loginPassword === '') return 'pay.setup.loginMissing';
  return undefined;
}

const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

export function FundPasswordSetup({
  draft,
  onChange,
}: {
  draft: FundPasswordDraft;
  onChange(draft: FundPasswordDraft): void;
}) {
  const { t } = useTranslation('orders');
  const toggle = { 'aria-label': t('pay.showPassword') };
  return (
    <fieldset className="orders-fund-setup">
      <legend>{t('pay.setup.title')}</legend>
      <p className="orders-small">{t('pay.setup.intro')}</p>
      <PasswordInput
        label={t('pay.setup.pin')}
        description={t('pay.fundPasswordHint')}
        value={draft.pin}
        onChange={(e) => onChange({ ...draft, pin: digits(e.currentTarget.value) })}
        inputMode="numeric"
        autoComplete="new-password"
        maxLength={6}
        data-autofocus
        dir="ltr"
        visibilityToggleButtonProps={toggle}
      />
      <PasswordInput
        label={t('pay.setup.pinAgain')}
        value={draft.pinAgain}
        onChange={(e) => onChange({ ...draft, pinAgain: digits(e.currentTarget.value) })}
        inputMode="numeric"
        autoComplete="new-password"
        maxLength={6}
        dir="ltr"
        visibilityToggleButtonProps={toggle}
      />
      <PasswordInput
        label={t('pay.setup.loginPassword')}
        description={t('pay.setup.loginHint')}
        value={draft.loginPassword}
        onChange={(e) => onChange({ ...draft, loginPassword: e.currentTarget.value })}
        autoComplete="current-password"
        maxLength={64}
        dir="ltr"
        visibilityToggleButtonProps={toggle}
      />
    </fieldset>
  );
}
