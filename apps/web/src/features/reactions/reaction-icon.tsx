import {
  IconHeart,
  IconMoodAngry,
  IconMoodCrazyHappy,
  IconMoodSad,
  IconMoodSurprised,
  IconThumbUp,
  type Icon,
} from '@tabler/icons-react';
import type { ReactionType } from '@memoria/domain';

/** Icons rather than emoji: they look the same on every system and follow the theme. */
const REACTION_ICONS: Record<ReactionType, { icon: Icon; colour: string }> = {
  like: { icon: IconThumbUp, colour: 'var(--mantine-color-blue-filled)' },
  love: { icon: IconHeart, colour: 'var(--mantine-color-red-filled)' },
  haha: { icon: IconMoodCrazyHappy, colour: 'var(--mantine-color-yellow-filled)' },
  wow: { icon: IconMoodSurprised, colour: 'var(--mantine-color-yellow-filled)' },
  sad: { icon: IconMoodSad, colour: 'var(--mantine-color-indigo-filled)' },
  angry: { icon: IconMoodAngry, colour: 'var(--mantine-color-orange-filled)' },
};

/** A reaction's icon, in its colour when given (or chosen), in the text colour otherwise. */
export function ReactionIcon({ type, active }: { type: ReactionType; active: boolean }) {
  const { icon: Glyph, colour } = REACTION_ICONS[type];
  return <Glyph size={18} aria-hidden color={active ? colour : 'currentColor'} />;
}
