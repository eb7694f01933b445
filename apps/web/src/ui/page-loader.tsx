import { Center, Loader } from '@mantine/core';
import { useTranslation } from '../i18n';

/** The loader (size 35, stroke 2.25 look) while a page or its data loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader size={35} aria-label={t('app.loading')} />
    </Center>
  );
}
