import { Tooltip } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';

export interface HintTooltipProps {
  /** the element the hint belongs to (hint.tsx keeps it mounted as it was) */
  target: RefObject<HTMLElement | null>;
  label: ReactNode;
  openDelay?: number;
  withArrow?: boolean;
  /** the pointer is over the element already (it came before this chunk) */
  defaultOpened?: boolean;
}

/**
 * Mantine's Tooltip pointed at an element that is already on screen: Floating UI listens to the
 * element's own mouse events, so the element is neither wrapped nor mounted again when this
 * chunk arrives (hint.tsx).
 */
export function HintTooltip({
  target,
  label,
  openDelay,
  withArrow,
  defaultOpened,
}: HintTooltipProps) {
  return (
    <Tooltip
      target={target}
      label={label}
      openDelay={openDelay}
      withArrow={withArrow}
      defaultOpened={defaultOpened}
    />
  );
}
