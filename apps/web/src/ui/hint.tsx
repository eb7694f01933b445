import {
  cloneElement,
  useCallback,
  useRef,
  useState,
  type ComponentType,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import type { HintTooltipProps } from './hint-tooltip';
import { popupLoader } from './lazy-popup';

const loadTooltip = popupLoader<HintTooltipProps>(() =>
  import('./hint-tooltip').then((m) => m.HintTooltip),
);

interface TargetProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
}

export interface HintProps {
  label: ReactNode;
  openDelay?: number;
  withArrow?: boolean;
  /** one element that takes a ref and pointer events (a button, an avatar, a span) */
  children: ReactElement<TargetProps>;
}

/**
 * A tooltip made on demand: the element is drawn as it is, and Mantine's Tooltip (Floating UI,
 * its hooks and its portal, the `overlays` chunk) loads and attaches to it when a mouse first
 * comes over it. A screen with a tooltip on every reaction, avatar or star no longer builds
 * them all, nor loads their code, before its first paint (docs/PERFORMANCE.md, Lighthouse,
 * eighth round). The hint is visual: the element carries its own accessible name. The element
 * keeps its place in the tree, so it is not mounted again when the tooltip arrives.
 */
export function Hint({ label, openDelay, withArrow, children }: HintProps) {
  const target = useRef<HTMLElement | null>(null);
  const [Tip, setTip] = useState<{ Tooltip: ComponentType<HintTooltipProps>; over: boolean }>();
  // whether the pointer is over the element (Floating UI takes over once the tooltip is in)
  const over = useRef(false);
  const own = children.props;
  const ownRef = own.ref;
  const ref = useCallback(
    (node: HTMLElement | null) => {
      target.current = node;
      if (typeof ownRef === 'function') ownRef(node);
      else if (ownRef) ownRef.current = node;
    },
    [ownRef],
  );
  const onPointerEnter = (event: PointerEvent<HTMLElement>) => {
    own.onPointerEnter?.(event);
    // the tooltip shows for a mouse only, as Mantine's does by default
    if (Tip || event.pointerType === 'touch') return;
    over.current = true;
    loadTooltip('retry-later').then(
      (Tooltip) => setTip((current) => current ?? { Tooltip, over: over.current }),
      () => undefined,
    );
  };
  const onPointerLeave = (event: PointerEvent<HTMLElement>) => {
    own.onPointerLeave?.(event);
    over.current = false;
  };
  return (
    <>
      {cloneElement(children, { ref, onPointerEnter, onPointerLeave })}
      {Tip && (
        // opened at once when the pointer is still there: the load was its delay
        <Tip.Tooltip
          target={target}
          label={label}
          openDelay={openDelay}
          withArrow={withArrow}
          defaultOpened={Tip.over}
        />
      )}
    </>
  );
}
