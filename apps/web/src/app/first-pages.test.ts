import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstPages } from './first-pages';
import { pages } from './pages';

afterEach(() => {
  vi.restoreAllMocks();
});

function spyPreloads() {
  const resolved = () => Promise.resolve();
  return {
    layout: vi.spyOn(pages.AppLayout, 'preload').mockImplementation(resolved),
    home: vi.spyOn(pages.Home, 'preload').mockImplementation(resolved),
    authLayout: vi.spyOn(pages.AuthLayout, 'preload').mockImplementation(resolved),
    login: vi.spyOn(pages.Login, 'preload').mockImplementation(resolved),
  };
}

describe('the first screen pages before the first render', () => {
  it('loads the layout and the page a signed-in home renders', async () => {
    const spies = spyPreloads();
    await firstPages('/', true);
    expect(spies.layout).toHaveBeenCalledTimes(1);
    expect(spies.home).toHaveBeenCalledTimes(1);
    expect(spies.login).not.toHaveBeenCalled();
  });

  it("loads nothing for a visitor's home, which the guard sends to the sign-in", async () => {
    const spies = spyPreloads();
    await firstPages('/', false);
    expect(spies.layout).not.toHaveBeenCalled();
    expect(spies.home).not.toHaveBeenCalled();
  });

  it("loads the visitor's sign-in screen", async () => {
    const spies = spyPreloads();
    await firstPages('/auth', false);
    expect(spies.authLayout).toHaveBeenCalledTimes(1);
    expect(spies.login).toHaveBeenCalledTimes(1);
  });

  it('waits for a slow chunk at most the given time', async () => {
    vi.spyOn(pages.AppLayout, 'preload').mockImplementation(() => new Promise(() => {}));
    vi.spyOn(pages.Home, 'preload').mockImplementation(() => Promise.resolve());
    await expect(firstPages('/', true, 10)).resolves.toBeUndefined();
  });
});
