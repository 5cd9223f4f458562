import { isSubscriptionEmail, LIMITS } from '@mall/contract';
import { type FormEvent, useState } from 'react';
import { apiCall } from '../../../lib/api-client.ts';
import { showError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/translator/react.ts';

export function SubscribeForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'done' | 'invalid'>('idle');
  const [subscribed, setSubscribed] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!isSubscriptionEmail(value)) {
      setState('invalid');
      return;
    }
    setState('sending');
    try {
      await apiCall('/api/subscribe!add.action', { body: { email: value } });
      setSubscribed(value);
      setEmail('');
      setState('done');
    } catch (error) {
      setState('idle');
      showError(error);
    }
  };

  return (
    <form className="subscribe-form" onSubmit={submit} noValidate>
      <label htmlFor="subscribe-email" className="visually-hidden">
        {t('footer.emailPlaceholder')}
      </label>
      <input
        id="subscribe-email"
        type="email"
        dir="ltr"
        value={email}
        maxLength={LIMITS.emailMax}
        placeholder={t('footer.emailPlaceholder')}
        aria-invalid={state === 'invalid'}
        aria-describedby="subscribe-status"
        onChange={(e) => {
          setEmail(e.currentTarget.value);
          if (state === 'invalid') setState('idle');
        }}
      />
      <button type="submit" disabled={state === 'sending'}>
        {t('footer.subscribe')}
      </button>
      <p id="subscribe-status" className="subscribe-status" role="status">
        {state === 'invalid' && <span className="error-text">{t('footer.emailInvalid')}</span>}
        {state === 'done' && t('footer.subscribed', { email: subscribed })}
      </p>
    </form>
  );
}
