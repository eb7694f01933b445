import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { Collection } from '@memoria/domain';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { CollectionDocumentList } from '../media/collection-documents';
import { CollectionAvatar } from './collection-avatar';
import { WithCollection } from './collection-page';
import type { CollectionAccess } from './queries';
import { pageWidth } from '../../ui/page-width';

function Documents({ collection, access }: { collection: Collection; access: CollectionAccess }) {
  const { t } = useTranslation();
  return (
    <CollectionDocumentList
      collectionId={collection.id}
      access={access}
      emptyTitle={t('collections.documents.emptyTitle')}
      emptyText={t('collections.documents.emptyText')}
      moreLabel={t('collections.documents.more')}
    />
  );
}

/** /collections/:collectionId/documents: the documents of the collection's memos. */
export function CollectionDocumentsPage() {
  const { t } = useTranslation();
  return (
    <WithCollection publicRoute={false}>
      {(collection, access) => {
        const query = access.secureToken
          ? `?secure_token=${encodeURIComponent(access.secureToken)}`
          : '';
        return (
          <Stack gap="md" {...pageWidth('content')} data-testid="collection-documents-page">
            <Anchor component={Link} to={`/collections/${collection.id}${query}`} size="sm">
              <Group gap={4} wrap="nowrap">
                <IconArrowLeft size={16} aria-hidden />
                {t('collections.documents.back', { name: collection.name })}
              </Group>
            </Anchor>
            <Group gap="sm" wrap="nowrap">
              <CollectionAvatar collection={collection} size="md" />
              <Title order={1} size="h2" style={{ wordBreak: 'break-word' }}>
                {t('collections.documents.title')}
              </Title>
            </Group>
            <Documents collection={collection} access={access} />
          </Stack>
        );
      }}
    </WithCollection>
  );
}
