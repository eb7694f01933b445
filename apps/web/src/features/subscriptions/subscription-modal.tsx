import { Alert, Anchor, Button, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { idFromIri, makesWorkspaceAccount, type OrderCreated, type Product } from '@memoria/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { switchUser } from '../../session/session-actions';
import { PageLoader } from '../../ui/page-loader';
import { showApiError } from '../../ui/toasts';
import { connectionKeys } from '../connections/queries';
import { favouriteKeys } from '../favourites/queries';
import { patchProfile, profileKeys, useProfile } from '../profile/queries';
import { workspaceKeys } from '../workspaces/queries';
import { BillingForm, billingValuesOf, type BillingValues } from './billing-form';
import { openPaymentWindow, runPayment, PAYMENT_RESULT_PATH, type PaymentWindow } from './payment';
import {
  ACCOUNT_SETTINGS_PATH,
  PAYMENT_FAILED_PATH,
  PAYMENT_SUCCESS_PATH,
  SUBSCRIPTIONS_PATH,
} from './paths';
import { PlanCard, PlanList } from './plan-list';
import { confirmOrder, createOrder, subscriptionKeys, useProducts } from './queries';

/** Told to the rest of the page when a plan was bought (the profile's rules changed). */
export const SUBSCRIPTION_ADDED_EVENT = 'subscription:added';

type Route = 'plans' | 'plan' | 'success' | 'fail';

/** A result shown in place: a new group or workspace, or a failure of one. */
type InPlace =
  | { kind: 'workspace'; created: OrderCreated; product: Product; name: string }
  | { kind: 'failed' }
  | { kind: 'closed' };

export interface SubscriptionModalProps {
  /** where closing goes instead of the rules below */
  onBack?: () => void;
  /** opens a payment window (tests give a fake one) */
  openWindow?: () => PaymentWindow | null;
  pollMs?: number;
}

/**
 * The subscription modal (docs/notes/subscriptions.md, The web app): the plan list on
 * /account-settings/subscriptions, one plan with its billing form on …/{id}, the result block
 * on …/success and …/fail or after a payment attempt. Closing goes back to the subscriptions
 * from a plan, otherwise to the account settings; an unknown or unavailable plan id goes back
 * to the subscriptions.
 */
export function SubscriptionModal({ onBack, openWindow, pollMs }: SubscriptionModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, state } = useLocation();
  const params = useParams();
  const route: Route = pathname.endsWith('/success')
    ? 'success'
    : pathname.endsWith('/fail')
      ? 'fail'
      : params.id
        ? 'plan'
        : 'plans';
  const [inPlace, setInPlace] = useState<InPlace | null>(null);
  const close = () => {
    if (onBack) onBack();
    else void navigate(route === 'plan' ? SUBSCRIPTIONS_PATH : ACCOUNT_SETTINGS_PATH);
  };
  const planName = (state as { plan?: string } | null)?.plan;

  return (
    <Modal
      opened
      onClose={close}
      size="xl"
      centered
      title={t('subscriptions.title')}
      data-testid="subscription-modal"
      data-route={route}
    >
      {inPlace && inPlace.kind !== 'closed' ? (
        <ResultBlock
          success={inPlace.kind === 'workspace'}
          workspace={inPlace.kind === 'workspace' ? inPlace : undefined}
        />
      ) : route === 'success' || route === 'fail' ? (
        <ResultBlock success={route === 'success'} plan={planName} />
      ) : route === 'plan' ? (
        <PlanCheckout
          id={Number(params.id)}
          openWindow={openWindow}
          pollMs={pollMs}
          closedNote={inPlace?.kind === 'closed'}
          onInPlace={setInPlace}
        />
      ) : (
        <PlanList />
      )}
    </Modal>
  );
}

function PlanCheckout({
  id,
  openWindow = openPaymentWindow,
  pollMs,
  closedNote,
  onInPlace,
}: {
  id: number;
  openWindow?: () => PaymentWindow | null;
  pollMs?: number;
  closedNote: boolean;
  onInPlace: (result: InPlace | null) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const products = useProducts({ delayed: true });
  const profile = useProfile();
  const [busy, setBusy] = useState(false);
  const product = products.data?.find((item) => item.id === id);
  const unavailable =
    products.isSuccess && (!product || product.is_disabled_for_user || product.price_net === 0);

  useEffect(() => {
    if (unavailable) void navigate(SUBSCRIPTIONS_PATH, { replace: true });
  }, [unavailable, navigate]);

  if (!product || !profile.data || unavailable) return <PageLoader />;
  const user = profile.data;
  const newAccount = makesWorkspaceAccount(product) && user.user_type !== 'workspace';

  const pay = (values: BillingValues, placeErrors: (error: unknown) => boolean) => {
    setBusy(true);
    onInPlace(null);
    const stored = billingValuesOf(user);
    const { workspace_name: workspaceName, ...billing } = values;
    const changed = Object.fromEntries(
      Object.entries(billing).filter(
        ([field, value]) => stored[field as keyof BillingValues] !== value,
      ),
    );
    // runs up to its first wait inside this click: the window opens before anything else
    void runPayment({
      open: openWindow,
      pollMs,
      createOrder: async () => {
        if (Object.keys(changed).length > 0) {
          queryClient.setQueryData(profileKeys.me, await patchProfile(user, changed));
        }
        return createOrder({
          plan: product.id,
          redirect: `${window.location.origin}${PAYMENT_RESULT_PATH}`,
          workspace_name: newAccount ? workspaceName.trim() : undefined,
        });
      },
      confirm: confirmOrder,
    }).then(async (outcome) => {
      setBusy(false);
      if (outcome.result === 'closed') {
        onInPlace({ kind: 'closed' });
        return;
      }
      if (outcome.result === 'failed') {
        if (placeErrors(outcome.error)) return;
        if (newAccount) {
          onInPlace({ kind: 'failed' });
        } else {
          void navigate(PAYMENT_FAILED_PATH, { state: { plan: product.name } });
        }
        return;
      }
      window.dispatchEvent(new CustomEvent(SUBSCRIPTION_ADDED_EVENT));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.me }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.orders }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.products }),
      ]);
      if (outcome.created.account_user && outcome.created.secure_token) {
        // the new group or workspace: its delegation and favourites show up, and one may switch in
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
          queryClient.invalidateQueries({ queryKey: favouriteKeys.all }),
          queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
        ]);
        onInPlace({
          kind: 'workspace',
          created: outcome.created,
          product,
          name: workspaceName.trim(),
        });
        return;
      }
      void navigate(PAYMENT_SUCCESS_PATH, { state: { plan: product.name } });
    });
  };

  return (
    <Stack gap="md" data-testid="plan-checkout">
      <Anchor component={Link} to={SUBSCRIPTIONS_PATH} size="sm" data-testid="plan-all">
        {t('subscriptions.plans.allPlans')}
      </Anchor>
      <PlanCard product={product} chosen action={false} />
      {closedNote && (
        <Alert color="yellow" role="status" data-testid="payment-closed">
          {t('subscriptions.result.closed')}
        </Alert>
      )}
      <BillingForm user={user} product={product} newAccount={newAccount} busy={busy} onPay={pay} />
    </Stack>
  );
}

/** The result of a payment: thanks, or the failure texts with advice. */
export function ResultBlock({
  success,
  plan,
  workspace,
}: {
  success: boolean;
  plan?: string;
  workspace?: { created: OrderCreated; product: Product; name: string };
}) {
  const { t } = useTranslation();
  const group = workspace?.product.workspace_type === 'group';
  return (
    <Stack
      gap="md"
      align="center"
      ta="center"
      py="md"
      data-testid="payment-result"
      data-success={success}
    >
      <ThemeIcon
        size={56}
        radius="xl"
        variant="light"
        color={success ? 'green' : 'red'}
        aria-hidden
      >
        {success ? <IconCircleCheck size={34} /> : <IconCircleX size={34} />}
      </ThemeIcon>
      <Title order={3}>
        {success ? t('subscriptions.result.successTitle') : t('subscriptions.result.failedTitle')}
      </Title>
      {success ? (
        <Text>
          {plan || workspace
            ? t('subscriptions.result.successPlan', { name: workspace?.product.name ?? plan })
            : t('subscriptions.result.success')}
        </Text>
      ) : (
        <Stack gap={4}>
          <Text>{t('subscriptions.result.failed')}</Text>
          <Text fw={600}>{t('subscriptions.result.noPayment')}</Text>
          <Text size="sm" c="dimmed">
            {t('subscriptions.result.advice')}
          </Text>
        </Stack>
      )}
      {workspace && (
        <>
          <Text size="sm" c="dimmed">
            {t('subscriptions.result.workspaceReady', { name: workspace.name })}
          </Text>
          <Button
            onClick={() => {
              const id = Number(idFromIri(workspace.created.account_user, 'user'));
              switchUser(id, workspace.created.secure_token ?? '').catch(showApiError);
            }}
            data-testid="payment-manage-workspace"
          >
            {group
              ? t('subscriptions.result.manageGroup')
              : t('subscriptions.result.manageWorkspace')}
          </Button>
        </>
      )}
      {!success && (
        <Button
          component={Link}
          to={SUBSCRIPTIONS_PATH}
          variant="light"
          data-testid="payment-retry"
        >
          {t('subscriptions.result.retry')}
        </Button>
      )}
    </Stack>
  );
}

/** The route element of /account-settings/subscriptions and its children. */
export function SubscriptionsRoute() {
  return <SubscriptionModal />;
}
