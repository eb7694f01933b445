import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { BREAKPOINTS } from '@memoria/domain';
import { useNarrowerThan, useViewportMatches, useWiderThan } from './viewport';
import { buildTheme } from './theme';
import { fixedMediaQueryList } from '../test/match-media';

/** A window this wide: each (min-width|max-width: N em) query answered as a browser would. */
function viewportOf(widthPx: number) {
  return (query: string) => {
    const [, kind, em] = /\((min|max)-width: ([\d.]+)em\)/.exec(query) ?? [];
    const px = Number(em) * 16;
    return fixedMediaQueryList(query, kind === 'min' ? widthPx >= px : widthPx <= px);
  };
}

function renderAt(widthPx: number) {
  const seen: string[] = [];
  function Probe() {
    const wide = useWiderThan('lg');
    const phone = useNarrowerThan('xs');
    const columns = useViewportMatches({ base: 1, sm: 2, xl: 3 });
    seen.push(`${wide ? 'wide' : 'narrow'} ${phone ? 'phone' : 'not-phone'} ${columns}`);
    return null;
  }
  const original = window.matchMedia;
  window.matchMedia = viewportOf(widthPx) as unknown as typeof window.matchMedia;
  try {
    render(
      <MantineProvider theme={buildTheme(null)} env="test">
        <Probe />
      </MantineProvider>,
    );
  } finally {
    window.matchMedia = original;
  }
  return seen;
}

describe('viewport hooks', () => {
  it('answer for the real width from the first render: nothing is drawn for another size first', () => {
    expect(renderAt(375)[0]).toBe('narrow phone 1');
    expect(renderAt(BREAKPOINTS.sm + 10)[0]).toBe('narrow not-phone 2');
    expect(renderAt(1280)[0]).toBe('wide not-phone 3');
    expect(new Set(renderAt(1280))).toEqual(new Set(['wide not-phone 3']));
  });
});
