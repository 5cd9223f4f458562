/** Create or edit a custom staff role: a name, a description and the built-in capabilities it grants. */
import { GRANTABLE_ROLES, STAFF_ROLE_RULES, type StaffRoleDto } from '@mall/contract';
import type { ApiInput } from '@mall/contract/api-calls';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminAction } from './use-admin-action.ts';

/** `role`: the role to edit, `'new'` to create one, null when closed. */
export function RoleDialog({ role, onClose }: { role: StaffRoleDto | 'new' | null; onClose(): void }) {
  const { t } = useTranslation('console-admin');
  const editing = role !== null && role !== 'new' ? role : null;
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [grants, setGrants] = useState<string[]>([]);
  useEffect(() => {
    setName(editing?.name ?? '');
    setDescription(editing?.description ?? '');
    setGrants(editing?.grants ?? []);
  }, [editing]);
  const save = useAdminAction<'/api/admin/role/update' | '/api/admin/role/create'>(
    ['admin-roles', 'admin-staff'],
    (r) => t(editing ? 'staff.saved' : 'staff.created', { name: r.name }),
  );
  const submit = () =>
    save.mutate(
      editing
        ? {
            path: '/api/admin/role/update',
            body: {
              id: editing.id,
              name,
              description,
              grants: grants as ApiInput<'/api/admin/role/create'>['grants'],
            },
          }
        : {
            path: '/api/admin/role/create',
            body: { name, description, grants: grants as ApiInput<'/api/admin/role/create'>['grants'] },
          },
      { onSuccess: onClose },
    );
  return (
    <Modal
      opened={role !== null}
      onClose={onClose}
      title={editing ? t('staff.editTitle', { name: editing.name }) : t('staff.createTitle')}
      centered
    >
      <Stack>
        <TextInput
          label={t('field.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={STAFF_ROLE_RULES.nameMax}
          required
          data-autofocus
        />
        <Textarea
          label={t('field.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          maxLength={STAFF_ROLE_RULES.descriptionMax}
          autosize
          minRows={2}
        />
        <Checkbox.Group
          label={t('field.grants')}
          description={t('staff.grantsHelp')}
          value={grants}
          onChange={setGrants}
        >
          <SimpleGrid cols={2} mt={6}>
            {GRANTABLE_ROLES.map((r) => (
              <Checkbox key={r} value={r} label={t(`role.${r}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('console:common.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={name.trim() === ''}>
            {t('action.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
