/**
 * Images of a form (a store's logo, a goods' gallery): thumbnails with remove and "make first",
 * and an upload button showing progress by state; each file goes to /api/upload/img as it is
 * picked, and the server checks again on save that every image is the seller's own upload.
 */
import { ActionIcon, Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../../lib/api.ts';
import { showError } from '../../lib/errors.ts';

export function ImagePicker({
  label,
  value,
  onChange,
  max,
  testId,
}: {
  label: string;
  value: string[];
  onChange(next: string[]): void;
  max: number;
  testId?: string;
}) {
  const { t } = useTranslation('console-seller');
  const [uploading, setUploading] = useState(false);
  const add = async (files: File[]) => {
    setUploading(true);
    try {
      const room = Math.max(0, max - value.length);
      const urls: string[] = [];
      for (const file of files.slice(0, room)) urls.push(await uploadImage(file, 'goods'));
      onChange([...value, ...urls]);
    } catch (error) {
      showError(error);
    } finally {
      setUploading(false);
    }
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs">
        {value.map((url, i) => (
          <Paper key={url} withBorder p={4} pos="relative">
            <Image src={url} alt="" w={72} h={72} fit="cover" radius="sm" />
            <Group gap={2} justify="center" mt={2}>
              {i > 0 && (
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  aria-label={t('images.makeFirst')}
                  title={t('images.makeFirst')}
                  onClick={() => onChange([url, ...value.filter((v) => v !== url)])}
                >
                  ★
                </ActionIcon>
              )}
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                aria-label={t('images.remove')}
                title={t('images.remove')}
                onClick={() => onChange(value.filter((v) => v !== url))}
              >
                ✕
              </ActionIcon>
            </Group>
          </Paper>
        ))}
      </Group>
      {value.length < max && (
        <FileButton onChange={(files) => void add(files)} accept="image/png,image/jpeg" multiple>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              loading={uploading}
              w="fit-content"
              data-testid={testId}
            >
              {t('images.upload')}
            </Button>
          )}
        </FileButton>
      )}
      <Text size="xs" c="dimmed">
        {max > 1 ? t('images.hintMany', { max }) : t('images.hintOne')}
      </Text>
    </Stack>
  );
}
