/**
 * Password inputs as every account form has them: left to right whatever the language, the eye
 * button named, the error under the field. `NewPasswordFields` is the pair a new password is typed
 * in (sign-up, reset): 6-12 characters, then the same again.
 */
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from '../../../lib/translator/react.ts';

export function PasswordField(props: PasswordInputProps & { name: string }) {
  const { t } = useTranslation('account');
  return (
    <PasswordInput
      dir="ltr"
      required
      visibilityToggleButtonProps={{ 'aria-label': t('field.showPassword') }}
      {...props}
    />
  );
}

export function NewPasswordFields({
  label,
  password,
  rePassword,
  onPassword,
  onRePassword,
  passwordError,
  rePasswordError,
}: {
  label: string;
  password: string;
  rePassword: string;
  onPassword(value: string): void;
  onRePassword(value: string): void;
  passwordError: string | undefined;
  rePasswordError: string | undefined;
}) {
  const { t } = useTranslation('account');
  return (
    <>
      <PasswordField
        label={label}
        description={t('register.passwordHint')}
        value={password}
        onChange={(event) => onPassword(event.currentTarget.value)}
        autoComplete="new-password"
        maxLength={12}
        error={passwordError}
        name="password"
      />
      <PasswordField
        label={t('field.confirmPassword')}
        value={rePassword}
        onChange={(event) => onRePassword(event.currentTarget.value)}
        autoComplete="new-password"
        maxLength={12}
        error={rePasswordError}
        name="rePassword"
      />
    </>
  );
}
