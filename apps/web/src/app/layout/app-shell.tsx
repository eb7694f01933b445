import {
  Box,
  InlineStyles,
  em,
  getDefaultZIndex,
  getSpacing,
  rem,
  useMantineContext,
  type BoxProps,
  type MantineBreakpoint,
  type MantineSpacing,
} from '@mantine/core';
import { BREAKPOINTS } from '@memoria/domain';
import {
  startTransition,
  useEffect,
  useId,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';

/**
 * The fixed app shell of the main layout: Mantine's AppShell in its `fixed` mode, for the
 * options the layout uses (a header, a navbar collapsed on small screens, a footer, padding).
 * It renders the same elements with Mantine's own AppShell classes (their CSS is in
 * @mantine/core/styles.css) and writes the same CSS variables, without the parts the layout
 * never uses: the aside, resizing, static mode, the responsive sizes (about 5 kB gzip of the
 * signed-in first screen, see docs/PERFORMANCE.md). app-shell.test.tsx checks the class
 * names against Mantine's.
 */
export const APP_SHELL_CLASSES = {
  root: 'm_89ab340',
  navbar: 'm_45252eee',
  header: 'm_3b16f56b',
  main: 'm_8983817',
  footer: 'm_3840c879',
} as const;

/** react-remove-scroll's class: a modal's scroll lock keeps these bars clear of the scrollbar. */
const ZERO_RIGHT = 'right-scroll-bar-position';
const Z_INDEX = getDefaultZIndex('app');
const TRANSITION_MS = 200;

interface AppShellProps {
  header: { height: number; collapsed?: boolean };
  navbar: { width: number; breakpoint: 'lg'; collapsed?: { mobile?: boolean } };
  footer: { height: number; collapsed?: boolean };
  padding: MantineSpacing;
  children: ReactNode;
}

const BREAKPOINT_PX: Record<MantineBreakpoint, number> = BREAKPOINTS;

/** The CSS variables Mantine's AppShellMediaStyles writes for these options. */
function shellVariables({ header, navbar, footer, padding }: AppShellProps) {
  // In Mantine's order: navbar, header, footer, padding.
  const styles: Record<string, string> = {
    '--app-shell-navbar-width': rem(navbar.width),
    '--app-shell-navbar-offset': rem(navbar.width),
    '--app-shell-header-height': rem(header.height),
    '--app-shell-header-offset': rem(header.height),
  };
  if (header.collapsed) {
    styles['--app-shell-header-transform'] =
      'translateY(calc(var(--app-shell-header-height) * -1))';
    styles['--app-shell-header-offset'] = '0px !important';
  }
  styles['--app-shell-footer-height'] = rem(footer.height);
  styles['--app-shell-footer-offset'] = rem(footer.height);
  if (footer.collapsed) {
    styles['--app-shell-footer-transform'] = 'translateY(var(--app-shell-footer-height))';
    styles['--app-shell-footer-offset'] = '0px !important';
  }
  styles['--app-shell-padding'] = getSpacing(padding) ?? '0px';
  const breakpoint = BREAKPOINT_PX[navbar.breakpoint];
  const media = navbar.collapsed?.mobile
    ? {
        query: `(max-width: ${em(breakpoint - 0.1)})`,
        styles: {
          '--app-shell-navbar-width': '100%',
          '--app-shell-navbar-offset': '0px',
          '--app-shell-navbar-transform': 'translateX(calc(var(--app-shell-navbar-width) * -1))',
          '--app-shell-navbar-transform-rtl': 'translateX(var(--app-shell-navbar-width))',
        },
      }
    : {
        query: `(max-width: ${em(breakpoint)})`,
        styles: { '--app-shell-navbar-offset': '0px', '--app-shell-navbar-width': '100%' },
      };
  return {
    styles: styles as CSSProperties,
    media: [{ query: media.query, styles: media.styles as CSSProperties }],
  };
}

interface SectionProps extends BoxProps {
  id?: string;
  children?: ReactNode;
}

/** Mantine's section classes, the static ones too (mantine-AppShell-header, …). */
function sectionClass(name: keyof typeof APP_SHELL_CLASSES, zeroRight: boolean, extra?: string) {
  return [APP_SHELL_CLASSES[name], `mantine-AppShell-${name}`, zeroRight ? ZERO_RIGHT : null, extra]
    .filter(Boolean)
    .join(' ');
}

function Header({ className, style, ...others }: SectionProps) {
  return (
    <Box
      component="header"
      className={sectionClass('header', true, className)}
      mod={{ 'with-border': true }}
      style={[{ '--app-shell-header-z-index': String(Z_INDEX) }, style]}
      {...others}
    />
  );
}

function Navbar({ className, style, ...others }: SectionProps) {
  return (
    <Box
      component="nav"
      className={sectionClass('navbar', false, className)}
      mod={{ 'with-border': true }}
      style={[{ '--app-shell-navbar-z-index': `calc(${Z_INDEX} + 1)` }, style]}
      {...others}
    />
  );
}

function Main({ className, ...others }: SectionProps) {
  return <Box component="main" className={sectionClass('main', false, className)} {...others} />;
}

function Footer({ className, style, ...others }: SectionProps) {
  return (
    <Box
      component="footer"
      className={sectionClass('footer', true, className)}
      mod={{ 'with-border': true }}
      style={[{ '--app-shell-footer-z-index': String(Z_INDEX) }, style]}
      {...others}
    />
  );
}

/**
 * True while the shell mounts and for 200 ms after each window resize: the sections do not
 * animate then (Mantine's useResizing; its CSS sets the transition to 0ms).
 */
function useResizing(): boolean {
  const [resizing, setResizing] = useState(true);
  useEffect(() => {
    const settle = () =>
      window.setTimeout(() => startTransition(() => setResizing(false)), TRANSITION_MS);
    let timer = settle();
    const onResize = () => {
      setResizing(true);
      window.clearTimeout(timer);
      timer = settle();
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return resizing;
}

export function AppShell(props: AppShellProps) {
  const id = useId();
  const resizing = useResizing();
  const { cssVariablesSelector } = useMantineContext();
  const { styles, media } = shellVariables(props);
  return (
    <>
      <InlineStyles selector={cssVariablesSelector} styles={styles} media={media} />
      <Box
        id={id}
        className={`${APP_SHELL_CLASSES.root} mantine-AppShell-root`}
        mod={{ resizing, mode: 'fixed' }}
        style={{
          '--app-shell-transition-duration': `${TRANSITION_MS}ms`,
          '--app-shell-transition-timing-function': 'ease',
        }}
      >
        {props.children}
      </Box>
    </>
  );
}

AppShell.Header = Header;
AppShell.Navbar = Navbar;
AppShell.Main = Main;
AppShell.Footer = Footer;
