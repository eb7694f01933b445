import { Avatar } from '@mantine/core';
import { Link } from 'react-router';
import { Hint } from './hint';

/** One person in a shared people list (docs/DOMAIN.md, Entities: "Shared-list entry"). */
export interface StackPerson {
  id: number | string;
  name: string;
  picture?: string | null;
  /** initials shown without a picture */
  label?: string;
  /** where a click on the avatar leads (e.g. /profile/{id}) */
  to?: string;
}

export interface AvatarStackProps {
  people: readonly StackPerson[];
  /** how many avatars before the +N overflow (docs/RULES.md, Limits: 3) */
  max?: number;
  /** the full number of people when `people` is only the first page of them */
  total?: number;
  size?: number | 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** accessible name of the whole list, e.g. "Members" */
  label?: string;
  'data-testid'?: string;
}

/**
 * Which people get an avatar and how many are left for the +N badge: `max` avatars, then +N
 * only when more than one is left (a +1 badge takes the room of the avatar it hides).
 */
export function splitStack<T>(
  people: readonly T[],
  max: number,
  total: number = people.length,
): { shown: readonly T[]; overflow: number } {
  const count = Math.max(total, people.length);
  if (count <= max) return { shown: people, overflow: 0 };
  if (count === max + 1 && people.length > max)
    return { shown: people.slice(0, max + 1), overflow: 0 };
  return { shown: people.slice(0, max), overflow: count - max };
}

function initials(person: StackPerson): string {
  if (person.label) return person.label;
  const words = person.name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

/** A shared people list: the first avatars overlapping, then "+N" (docs/RULES.md, Limits). */
export function AvatarStack({
  people,
  max = 3,
  total,
  size = 'sm',
  label,
  'data-testid': testId,
}: AvatarStackProps) {
  const { shown, overflow } = splitStack(people, max, total);
  const names = people.map((person) => person.name).join(', ');
  return (
    <Avatar.Group
      spacing="xs"
      role="group"
      aria-label={label ? `${label}: ${names}` : names}
      data-testid={testId}
    >
      {shown.map((person) => {
        const avatar = (
          <Avatar
            key={person.id}
            src={person.picture ?? null}
            alt={person.name}
            size={size}
            color="initials"
            name={person.name}
            renderRoot={
              person.to
                ? (props: Record<string, unknown>) => <Link to={person.to ?? ''} {...props} />
                : undefined
            }
          >
            {initials(person)}
          </Avatar>
        );
        return (
          <Hint key={person.id} label={person.name} withArrow openDelay={300}>
            {avatar}
          </Hint>
        );
      })}
      {overflow > 0 && (
        <Avatar size={size} data-testid={testId ? `${testId}-overflow` : undefined}>
          +{overflow}
        </Avatar>
      )}
    </Avatar.Group>
  );
}
