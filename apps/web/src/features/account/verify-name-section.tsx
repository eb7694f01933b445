import { Alert, Button, Group, Text } from '@mantine/core';
import type { User } from '@memoria/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { currentLocale, useTranslation } from '../../i18n';
import { errorText } from '../../ui/toasts';
import { PollStatus, usePollWhileWaiting, type PollState } from '../../ui/poll-status';
import { usePimProvider } from '../auth/queries';
import {
  fetchProfile,
  patchProfile,
  profileKeys,
  rememberUser,
  useProfile,
} from '../profile/queries';
import { Section } from './section';

const settled = (user: User) =>
  user.user_profile.user_identified && !user.user_profile.has_pending_identification;

/**
 * /account-settings/verify-name (docs/notes/identity-verification.md): the profile is marked
 * pending, the browser goes to the identity service and comes back here; the page then asks
 * for the profile after 1 s and every 3 s until the name is verified, and after 120 s offers
 * to wait again.
 */
export function VerifyNameSection() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const provider = usePimProvider();
  const user = profile.data;
  const result = params.get('result');
  const [state, setState] = useState<PollState>(() =>
    result === 'failed'
      ? { kind: 'failed', message: t('accountData.verify.failed') }
      : result === 'done'
        ? { kind: 'waiting' }
        : { kind: 'idle' },
  );

  const waiting = state.kind === 'waiting';
  usePollWhileWaiting(state, {
    check: async () => {
      const latest = await fetchProfile();
      if (settled(latest)) return latest;
      // the service refused: nothing is pending any more and the name is not verified
      if (!latest.user_profile.has_pending_identification) return latest;
      return undefined;
    },
    setState,
    onAnswer: (latest) => {
      queryClient.setQueryData(profileKeys.me, latest);
      rememberUser(latest);
      setState(
        settled(latest)
          ? { kind: 'idle' }
          : { kind: 'failed', message: t('accountData.verify.failed') },
      );
    },
  });

  if (!user) return null;
  const identified = user.user_profile.user_identified;
  const name = provider.data?.name ?? t('auth.pim.service');

  const leave = async () => {
    setState({ kind: 'leaving' });
    try {
      await patchProfile(user, { has_pending_identification: true });
      const { url } = await api.get<{ url: string }>('/api/identify_user_pim', {
        query: { locale: currentLocale() },
      });
      window.location.assign(url);
    } catch (error) {
      void queryClient.invalidateQueries({ queryKey: profileKeys.me });
      setState({ kind: 'failed', message: errorText(error) });
    }
  };

  return (
    <Section title={t('accountData.verify.title')} testId="verify-name" id="verify-name">
      <PollStatus
        state={state}
        testId="verify"
        waitingText={t('accountData.verify.waiting', { name })}
        timeoutText={t('accountData.verify.timeout')}
        onWaitAgain={() => setState({ kind: 'waiting' })}
        waitAgainLabel={t('accountData.verify.waitAgain')}
      />
      {identified && !waiting && (
        <Alert color="green" role="status" data-testid="verify-done">
          {t('accountData.verify.done', { name: user.user_profile.name_official ?? '' })}
        </Alert>
      )}
      {!waiting && (
        <>
          <Text size="sm">{t('accountData.verify.intro', { name })}</Text>
          <Group>
            <Button
              onClick={() => void leave()}
              loading={state.kind === 'leaving'}
              variant={identified ? 'default' : 'filled'}
              data-testid="verify-start"
            >
              {identified ? t('accountData.verify.again') : t('accountData.verify.start', { name })}
            </Button>
          </Group>
        </>
      )}
    </Section>
  );
}
