/**
 * The photos of an application (ID front and back, the handheld one, a loan's ID photo) side by
 * side: pick one, zoom in to read the small print (buttons or the wheel with Ctrl), or open it full
 * size in a new tab. Full screen on a phone, where the photo needs every pixel.
 */
import {
  Anchor,
  Box,
  Button,
  Flex,
  Group,
  Image,
  Modal,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface DocumentImage {
  /** Translated caption ("Front of the ID"). */
  label: string;
  url: string;
}

const ZOOMS = [1, 1.5, 2, 3, 4] as const;

export function DocumentViewer({
  title,
  images,
  start = 0,
  onClose,
  actions,
  aside,
}: {
  title: string;
  images: DocumentImage[] | null;
  start?: number;
  onClose(): void;
  /** Decisions taken while looking (approve, refuse), under the photo. */
  actions?: ReactNode;
  /** What the photos are compared with (a C3 review: the approved identity), beside them. */
  aside?: ReactNode;
}) {
  const { t } = useTranslation('console-risk');
  const phone = useMediaQuery('(max-width: 48em)');
  const [index, setIndex] = useState(start);
  const [zoom, setZoom] = useState(0);
  // Another set of photos starts again at the chosen one, unzoomed (state adjusted while rendering).
  const [shown, setShown] = useState(images);
  if (shown !== images) {
    setShown(images);
    setIndex(start);
    setZoom(0);
  }
  const current = images?.[index];
  const scale = ZOOMS[zoom] ?? 1;
  const step = (by: number) => setZoom((z) => Math.min(ZOOMS.length - 1, Math.max(0, z + by)));
  return (
    <Modal
      opened={images !== null}
      onClose={onClose}
      title={title}
      size={aside ? '90rem' : 'xl'}
      fullScreen={phone}
      centered
    >
      {current && (
        <Flex gap="lg" direction={phone ? 'column' : 'row'} align="flex-start">
          <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
            {images && images.length > 1 && (
              <Group gap="xs" wrap="wrap">
                {images.map((img, i) => (
                  <UnstyledButton
                    key={img.url + img.label}
                    onClick={() => {
                      setIndex(i);
                      setZoom(0);
                    }}
                    aria-pressed={i === index}
                    style={{
                      border: `2px solid ${i === index ? 'var(--mantine-primary-color-filled)' : 'transparent'}`,
                      borderRadius: 6,
                      padding: 2,
                    }}
                  >
                    <Image src={img.url} alt={img.label} w={96} h={64} fit="cover" radius="sm" />
                    <Text size="xs" ta="center" maw={96} truncate="end">
                      {img.label}
                    </Text>
                  </UnstyledButton>
                ))}
              </Group>
            )}
            <Group justify="space-between" gap="xs">
              <Text fw={500}>{current.label}</Text>
              <Group gap="xs">
                <Button size="compact-sm" variant="default" onClick={() => step(-1)} disabled={zoom === 0}>
                  {t('viewer.zoomOut')}
                </Button>
                <Text size="sm" dir="ltr" w={44} ta="center" data-testid="zoom-level">
                  {`${scale * 100}%`}
                </Text>
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => step(1)}
                  disabled={zoom === ZOOMS.length - 1}
                >
                  {t('viewer.zoomIn')}
                </Button>
                <Anchor href={current.url} target="_blank" rel="noopener noreferrer" size="sm">
                  {t('viewer.fullSize')}
                </Anchor>
              </Group>
            </Group>
            <ScrollArea
              h={phone ? 'calc(100dvh - 260px)' : '60vh'}
              type="auto"
              onWheel={(e) => {
                if (!e.ctrlKey) return;
                e.preventDefault();
                step(e.deltaY < 0 ? 1 : -1);
              }}
            >
              <img
                src={current.url}
                alt={current.label}
                style={{
                  display: 'block',
                  width: `${scale * 100}%`,
                  maxWidth: 'none',
                  margin: zoom === 0 ? '0 auto' : undefined,
                }}
              />
            </ScrollArea>
            {actions && <Group justify="flex-end">{actions}</Group>}
          </Stack>
          {aside && (
            <Box w={phone ? '100%' : 340} style={{ flexShrink: 0 }}>
              {aside}
            </Box>
          )}
        </Flex>
      )}
    </Modal>
  );
}
