import { Center, Loader, Modal } from '@mantine/core';
import type { Collection } from '@memoria/domain';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { QueryErrorView } from '../../ui/query-error';
import { useProfile } from '../profile/queries';
import { CollectionForm } from './collection-form';
import { emptyFormValues, formValuesOf } from './form-rules';
import { SIGNED_IN, useCollection } from './queries';
import { useNarrowerThan } from '../../ui/viewport';

export interface CollectionDialogProps {
  opened: boolean;
  /** the collection to edit; absent to create one */
  collection?: Collection;
  onClose: () => void;
  onSaved?: (collection: Collection) => void;
}

/**
 * The collection create / edit dialog. Editing reads the collection afresh (the owner's
 * view with its people); saving is blocked until it is there.
 */
export function CollectionDialog({ opened, collection, onClose, onSaved }: CollectionDialogProps) {
  const { t } = useTranslation();
  const mobile = useNarrowerThan('xs');
  const user = useProfile().data;
  const editing = collection !== undefined;
  const fresh = useCollection(collection?.id ?? '', SIGNED_IN, editing && opened);
  const [childOpen, setChildOpen] = useState(false);

  let body;
  if (!user || (editing && fresh.isPending)) {
    body = (
      <Center py="xl">
        <Loader size="sm" aria-label={t('app.loading')} />
      </Center>
    );
  } else if (editing && fresh.isError) {
    body = <QueryErrorView error={fresh.error} onRetry={() => void fresh.refetch()} />;
  } else {
    const current = editing ? fresh.data : undefined;
    body = (
      <CollectionForm
        key={current?.id ?? 'new'}
        user={user}
        collection={current}
        original={current ? formValuesOf(current) : emptyFormValues()}
        onCancel={onClose}
        onChildModal={setChildOpen}
        onSaved={(saved) => {
          onSaved?.(saved);
          onClose();
        }}
      />
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? t('collections.form.editTitle') : t('collections.form.createTitle')}
      size="lg"
      fullScreen={mobile}
      closeOnEscape={!childOpen}
      data-testid="collection-dialog"
    >
      {body}
    </Modal>
  );
}
