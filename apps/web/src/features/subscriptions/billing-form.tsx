import { Alert, Button, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  BILLING_FIELDS,
  SUBSCRIPTION,
  billingSchema,
  workspaceNameSchema,
  type BillingFields,
  type Product,
  type User,
} from '@memoria/domain';
import { useMemo, useState, type FormEvent } from 'react';
import { currentLocale, useTranslation, type TFunction } from '../../i18n';
import { applyViolations } from '../../ui/form-errors';
import { countryOptions } from '../auth/country-options';
import { euro } from './plan-list';

export type BillingValues = Record<keyof BillingFields | 'workspace_name', string>;

const LABELS = {
  billing_first_name: 'first_name',
  billing_last_name: 'last_name',
  billing_email: 'email',
  billing_company_name: 'company_name',
  billing_vat_number: 'vat_number',
  billing_address_one: 'address_one',
  billing_zipcode: 'zipcode',
  billing_place: 'place',
  billing_country: 'country',
} as const satisfies Record<keyof BillingFields, string>;

const OPTIONAL: readonly string[] = ['billing_company_name', 'billing_vat_number'];

/** The billing fields as the profile holds them (empty where unset). */
export function billingValuesOf(user: User): BillingValues {
  const profile = user.user_profile as Partial<Record<keyof BillingFields, string | null>>;
  const values = { workspace_name: '' } as BillingValues;
  for (const field of BILLING_FIELDS) values[field] = profile[field] ?? '';
  return values;
}

/**
 * The billing form's checks, those of the server (the domain's billingSchema): first and last
 * name, a valid e-mail, address, postcode, place and country are required; company and VAT
 * number optional; a new workspace or group needs a name of at least 3 characters.
 */
export function validateBilling(
  values: BillingValues,
  t: TFunction,
  { newAccount, group }: { newAccount: boolean; group: boolean },
): Partial<Record<keyof BillingValues, string>> {
  const errors: Partial<Record<keyof BillingValues, string>> = {};
  const fieldText = (field: keyof BillingValues) =>
    field === 'workspace_name'
      ? t(group ? 'subscriptions.billing.group_name' : 'subscriptions.billing.workspace_name')
      : t(`subscriptions.billing.${LABELS[field]}`);
  const message = (field: keyof BillingValues, code: string) => {
    if (code === 'validation.email') return t('validation.email');
    if (code === 'validation.tooShort') {
      return t('subscriptions.billing.nameTooShort', { min: SUBSCRIPTION.workspaceNameMin });
    }
    return t('validation.required', { field: fieldText(field) });
  };
  const billing = billingSchema.safeParse(values);
  if (!billing.success) {
    for (const issue of billing.error.issues) {
      const field = issue.path[0] as keyof BillingValues;
      errors[field] ??= message(field, issue.message);
    }
  }
  if (newAccount) {
    const name = workspaceNameSchema.safeParse(values.workspace_name);
    if (!name.success) {
      errors.workspace_name = message('workspace_name', name.error.issues[0]?.message ?? '');
    }
  }
  return errors;
}

/** The billing form under the chosen plan; `onPay` runs inside the click (it opens a window). */
export function BillingForm({
  user,
  product,
  newAccount,
  busy,
  onPay,
}: {
  user: User;
  product: Product;
  /** the plan makes a new workspace or group: its name is asked */
  newAccount: boolean;
  busy: boolean;
  /** `placeErrors` puts a 422 answer's violations on the fields; true when any was placed */
  onPay: (values: BillingValues, placeErrors: (error: unknown) => boolean) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const [values, setValues] = useState<BillingValues>(() => billingValuesOf(user));
  const [errors, setErrors] = useState<Partial<Record<keyof BillingValues, string>>>({});
  const group = product.workspace_type === 'group';

  const set = (field: keyof BillingValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validateBilling(values, t, { newAccount, group });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onPay(values, (error) =>
      applyViolations(
        { setFieldError: (path, message) => setErrors((e) => ({ ...e, [path]: message })) },
        error,
        [...BILLING_FIELDS, 'workspace_name'],
      ),
    );
  };

  const input = (field: keyof BillingFields, extra: { type?: string } = {}) => (
    <TextInput
      label={t(`subscriptions.billing.${LABELS[field]}`)}
      required={!OPTIONAL.includes(field)}
      value={values[field]}
      onChange={(event) => set(field, event.currentTarget.value)}
      error={errors[field]}
      data-testid={`billing-${LABELS[field]}`}
      {...extra}
    />
  );

  return (
    <form onSubmit={submit} noValidate data-testid="billing-form">
      <Stack gap="sm">
        {newAccount && (
          <TextInput
            label={t(
              group ? 'subscriptions.billing.group_name' : 'subscriptions.billing.workspace_name',
            )}
            required
            maxLength={SUBSCRIPTION.workspaceNameMax}
            value={values.workspace_name}
            onChange={(event) => set('workspace_name', event.currentTarget.value)}
            error={errors.workspace_name}
            data-testid="billing-workspace-name"
          />
        )}
        <Title order={3} size="h5">
          {t('subscriptions.billing.heading')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          {input('billing_first_name')}
          {input('billing_last_name')}
          {input('billing_email', { type: 'email' })}
          {input('billing_company_name')}
          {input('billing_vat_number')}
          {input('billing_address_one')}
          {input('billing_zipcode')}
          {input('billing_place')}
        </SimpleGrid>
        <Select
          label={t('subscriptions.billing.country')}
          required
          searchable
          data={countries}
          value={values.billing_country || null}
          onChange={(value) => set('billing_country', value ?? '')}
          error={errors.billing_country}
          comboboxProps={{ withinPortal: true, zIndex: 400 }}
          data-testid="billing-country"
        />
        <Text size="xs" c="dimmed">
          {t('subscriptions.billing.windowHint')}
        </Text>
        {busy && (
          <Alert color="blue" role="status" data-testid="payment-waiting">
            {t('subscriptions.billing.paying')}
          </Alert>
        )}
        <Button type="submit" loading={busy} data-testid="billing-pay">
          {t('subscriptions.billing.pay', { price: euro(product.price_net) })}
        </Button>
      </Stack>
    </form>
  );
}
