/**
 * /userInfo/setup/shipping-address: the address book. List (the default first), add, edit,
 * delete after a confirmation, make default; every change reloads the list (SPEC §4). At most
 * `user_address_max` addresses (the server's param).
 */
import type { AddressDto } from '@mall/contract';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { confirmAction } from '../../../lib/confirm.ts';
import { showError } from '../../../lib/errors.ts';
import { LangLink, useLangNavigate } from '../../../lib/nav.tsx';
import { notify } from '../../../lib/notify.ts';
import { useLocation } from '../../../lib/router/router.tsx';
import { useTranslation } from '../../../lib/translator/react.ts';
import { useAccountParams, useAddresses, useDeleteAddress, useSaveAddress } from '../api/account-api.ts';
import { AddressForm } from '../components/address-form.tsx';
import { BackToSettings } from '../components/back-link.tsx';
import { LoadFailed, PageHead, Skeleton } from '../components/page-state.tsx';
import { safeRedirect } from '../lib/validation.ts';
import '../account-styles.ts';

type Editing = { mode: 'add' } | { mode: 'edit'; address: AddressDto } | null;

export default function ShippingAddressPage() {
  const { t } = useTranslation('account');
  const addresses = useAddresses();
  const params = useAccountParams();
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  // From checkout: `?add=1&back=/settlement` opens the form and returns there once it is saved.
  const query = new URLSearchParams(useLocation().search);
  const back = query.get('back') ? safeRedirect(query.get('back')) : null;
  const navigate = useLangNavigate();
  const [editing, setEditing] = useState<Editing>(query.get('add') === '1' ? { mode: 'add' } : null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const list = addresses.data ?? [];
  const max = Number(params.data?.user_address_max) || 20;
  const full = list.length >= max;

  const onSave = async (input: Parameters<typeof save.mutateAsync>[0]) => {
    const id = editing?.mode === 'edit' ? editing.address.id : undefined;
    await save.mutateAsync(id ? { ...input, id } : input);
    notify(id ? t('address.updated') : t('address.added'), 'success');
    setEditing(null);
    if (back) navigate(back);
  };

  const makeDefault = (address: AddressDto) => {
    const { id, createTime: _created, ...fields } = address;
    setBusyId(id);
    save.mutate(
      { ...fields, id, use: 1 },
      {
        onSuccess: () => notify(t('address.defaultSet'), 'success'),
        onError: showError,
        onSettled: () => setBusyId(null),
      },
    );
  };

  const onDelete = async (address: AddressDto) => {
    const ok = await confirmAction({
      title: t('address.deleteTitle'),
      body: t('address.deleteBody', { name: address.name }),
      confirmLabel: t('address.delete'),
      danger: true,
    });
    if (!ok) return;
    setBusyId(address.id);
    remove.mutate(address.id, {
      onSuccess: () => notify(t('address.deleted'), 'success'),
      onError: showError,
      onSettled: () => setBusyId(null),
    });
  };

  return (
    <div className="account-page">
      <PageHead
        title={t('address.title')}
        back={
          back ? (
            <LangLink to={back} className="account-back">
              {t('address.backToCheckout')}
            </LangLink>
          ) : (
            <BackToSettings />
          )
        }
      >
        {!editing && addresses.isSuccess && (
          <Button onClick={() => setEditing({ mode: 'add' })} disabled={full}>
            {t('address.add')}
          </Button>
        )}
      </PageHead>
      {addresses.isSuccess && (
        <p className="account-muted">
          {full ? t('address.full', { max }) : t('address.count', { n: list.length, max })}
        </p>
      )}
      {editing && (
        <section className="account-panel" aria-labelledby="account-address-form-title">
          <h2 id="account-address-form-title">
            {editing.mode === 'add' ? t('address.newTitle') : t('address.editTitle')}
          </h2>
          <AddressForm
            key={editing.mode === 'edit' ? editing.address.id : 'new'}
            initial={editing.mode === 'edit' ? editing.address : null}
            forceDefault={editing.mode === 'add' && list.length === 0}
            saving={save.isPending}
            onSave={onSave}
            onCancel={() => setEditing(null)}
          />
        </section>
      )}
      {addresses.isError && !addresses.data ? (
        <LoadFailed error={addresses.error} onRetry={() => void addresses.refetch()} />
      ) : addresses.isPending ? (
        <Skeleton className="is-list" />
      ) : list.length === 0 ? (
        !editing && (
          <div className="account-empty">
            <p>{t('address.empty')}</p>
            <Button variant="outline" onClick={() => setEditing({ mode: 'add' })}>
              {t('address.add')}
            </Button>
          </div>
        )
      ) : (
        <ul className="account-address-list" aria-busy={addresses.isFetching}>
          {list.map((address) => (
            <li
              key={address.id}
              className={`account-panel account-address${address.use === 1 ? ' is-default' : ''}`}
            >
              <div className="account-address-head">
                <strong>
                  <bdi>{address.name}</bdi>
                </strong>
                <bdi dir="ltr" className="account-muted">
                  +{address.areaCode} {address.phone}
                </bdi>
                {address.use === 1 && (
                  <span className="account-badge is-approved">{t('address.default')}</span>
                )}
              </div>
              <p dir="auto" className="account-address-text">
                {[address.address, address.city, address.state, address.nation].join(', ')}{' '}
                <bdi dir="ltr">{address.postCode}</bdi>
              </p>
              <p className="account-muted">
                <bdi dir="ltr">{address.email}</bdi>
              </p>
              <div className="account-actions is-start">
                {address.use !== 1 && (
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => makeDefault(address)}
                    loading={busyId === address.id && save.isPending}
                    disabled={busyId !== null}
                  >
                    {t('address.makeDefaultAction')}
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setEditing({ mode: 'edit', address })}
                  disabled={busyId !== null}
                  aria-label={`${t('address.edit')}: ${address.name}`}
                >
                  {t('address.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => void onDelete(address)}
                  loading={busyId === address.id && remove.isPending}
                  disabled={busyId !== null}
                  aria-label={`${t('address.delete')}: ${address.name}`}
                >
                  {t('address.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
