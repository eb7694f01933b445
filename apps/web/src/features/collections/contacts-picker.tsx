import { Alert, Avatar, Group, MultiSelect, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n';
import type { PickedUser } from './form-rules';
import { useActiveContacts } from './queries';

/**
 * The people of a selected_contacts collection, chosen among one's active connections.
 * If the connections cannot be loaded, the people already chosen stay and a note says so.
 */
export function ContactsPicker({
  value,
  onChange,
  error,
}: {
  value: PickedUser[];
  onChange: (users: PickedUser[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const contacts = useActiveContacts(true);

  const people = useMemo(() => {
    const byId = new Map<number, PickedUser>();
    for (const user of value) if (user.id !== undefined) byId.set(user.id, user);
    for (const user of contacts.data ?? []) {
      byId.set(user.id, { id: user.id, name: user.name, picture: user.picture, label: user.label });
    }
    return byId;
  }, [contacts.data, value]);

  const data = [...people.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((user) => ({ value: String(user.id), label: user.name }));

  const noContacts = contacts.isSuccess && contacts.data.length === 0;
  return (
    <>
      <MultiSelect
        label={t('collections.form.contacts')}
        placeholder={value.length === 0 ? t('collections.form.contactsPlaceholder') : undefined}
        data={data}
        value={value.filter((user) => user.id !== undefined).map((user) => String(user.id))}
        onChange={(ids) =>
          onChange(ids.map((id) => people.get(Number(id))).filter((user) => user !== undefined))
        }
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={t('collections.form.noContactsFound')}
        error={error}
        disabled={contacts.isPending && value.length === 0}
        renderOption={({ option }) => {
          const person = people.get(Number(option.value));
          return (
            <Group gap="xs" wrap="nowrap" data-testid="contact-option">
              <Avatar
                src={person?.picture ?? null}
                size="sm"
                radius="xl"
                color="initials"
                name={option.label}
                alt=""
                aria-hidden
              >
                {person?.label || undefined}
              </Avatar>
              <Text size="sm" truncate>
                {option.label}
              </Text>
            </Group>
          );
        }}
        comboboxProps={{ withinPortal: true }}
        data-testid="form-contacts"
      />
      {contacts.isError && (
        <Alert color="yellow" variant="light" data-testid="contacts-unavailable">
          {t('collections.form.contactsUnavailable')}
        </Alert>
      )}
      {noContacts && (
        <Alert variant="light" data-testid="contacts-none">
          {t('collections.form.noContacts')}
        </Alert>
      )}
    </>
  );
}
