import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { REPORT_REASON_MAX } from '@memoria/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { showError, showSuccess } from '../../ui/toasts';
import { useSendReport, type ReportTarget } from './queries';

export type { ReportTarget } from './queries';

export interface ReportDialogProps {
  /** the item to report; the dialog is open while this is set */
  target: ReportTarget | null;
  onClose: () => void;
}

/** docs/RULES.md, Limits: the report text area is at least 196 px high. */
const REASON_MIN_HEIGHT = 196;

/**
 * The report dialog (docs/SCREENS.md, Routes: modals; docs/DOMAIN.md, Validation: Reports;
 * docs/API.md, Errors): a mandatory reason, submit disabled while sending; success thanks the
 * reporter, failure shows the error toast. Memo and collection menus use it with `{ type: 'memo' |
 * 'collection', id }`.
 */
export function ReportDialog({ target, onClose }: ReportDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const send = useSendReport();

  const close = () => {
    if (send.isPending) return;
    setReason('');
    setError(undefined);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target || send.isPending) return;
    if (!reason.trim()) {
      setError(t('reports.reasonRequired'));
      return;
    }
    try {
      await send.mutateAsync({ target, reason });
      showSuccess(
        t(target.type === 'profile' ? 'reports.userReported' : 'reports.contentReported'),
      );
      setReason('');
      onClose();
    } catch {
      showError(t('reports.error'));
    }
  };

  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={target ? t(`reports.title.${target.type}`) : ''}
      closeOnEscape={!send.isPending}
      closeOnClickOutside={!send.isPending}
      centered
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="report-dialog">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('reports.text')}
          </Text>
          <Textarea
            label={t('reports.reason')}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            required
            maxLength={REPORT_REASON_MAX}
            autosize
            minRows={6}
            styles={{ input: { minHeight: REASON_MIN_HEIGHT } }}
            data-autofocus
            data-testid="report-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={send.isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              color="red"
              loading={send.isPending}
              disabled={send.isPending}
              data-testid="report-submit"
            >
              {t('reports.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
