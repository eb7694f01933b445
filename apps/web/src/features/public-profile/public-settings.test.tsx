import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signIn, testUser } from '../../test/render';
import { FakeXhr, attachmentFixture } from '../media/test-support';

// the photo editor without a real layout: the picture loads at once, cropped whole
vi.mock('../media/photo-editor-canvas', () => ({
  cropToBlob: () => Promise.resolve(new Blob(['jpeg'], { type: 'image/jpeg' })),
  loadImage: () => Promise.resolve({}),
}));
vi.mock('react-easy-crop', () => ({
  default: function FakeCropper(props: {
    cropShape: string;
    onMediaLoaded: (media: Record<string, number>) => void;
    onCropComplete: (area: unknown, pixels: unknown) => void;
  }) {
    const { onMediaLoaded, onCropComplete } = props;
    useEffect(() => {
      onMediaLoaded({ naturalWidth: 800, naturalHeight: 800, width: 200, height: 200 });
      onCropComplete({}, { x: 0, y: 0, width: 800, height: 800 });
    }, [onMediaLoaded, onCropComplete]);
    return <div data-testid="fake-cropper" data-shape={props.cropShape} />;
  },
}));

afterEach(() => vi.unstubAllGlobals());

const settings = {
  id: 7,
  '@id': '/api/user/profile/public/7',
  slug: null,
  phone: null,
  usermail: null,
  address: null,
  website: null,
  linkedin: null,
  description: null,
  accent_color: null,
  cta_button_title: null,
  cta_button_url: null,
  cta_button_color: null,
  cta_button_font_color: null,
  banner: null,
  picture: null,
  user_has_public_profile: false,
  public_profile_enabled: false,
  disclose_email: false,
  enable_direct_messages: true,
  memo_copy_allowed: true,
  memo_comments_allowed: true,
  allow_reactions: true,
  require_identification_for_comments: false,
  connections_require_product_id: null,
  connection_message_required: false,
  connection_message_hint: null,
};

/** The accent colour, banner and button need a subscription (the extended profile). */
const subscriber = { ...testUser(), user_has_extended_subscription: true };

describe('public profile settings', () => {
  it('checks the slug, refuses a 21-character button title and turns the profile on with one save', async () => {
    signIn();
    const calls = mockApi((url, init) => {
      if (url === '/api/profile') return json(200, subscriber);
      if (url === '/api/user/profile/public' && (init.method ?? 'GET') === 'GET') {
        return json(200, settings);
      }
      if (url === '/api/user/profile/public/slug/adalove') {
        return json(200, { slug: 'adalove', valid: true, available: true });
      }
      if (url === '/api/user/profile/public' && init.method === 'POST') {
        return json(201, { ...settings, user_has_public_profile: true, slug: 'adalove' });
      }
      return undefined;
    });
    await renderApp('/public-account-settings');
    const slug = await screen.findByTestId('public-slug', {}, { timeout: 20_000 });
    const user = userEvent.setup();
    await user.type(slug, 'AdaLove');
    expect(slug).toHaveValue('adalove');
    expect(
      await screen.findByText('This address is free.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();

    const title = screen.getByTestId('public-cta_button_title');
    await user.type(title, 'x'.repeat(21));
    // the preview follows the form
    await user.type(screen.getByTestId('public-cta_button_url'), 'ada.example');
    expect(screen.getByTestId('public-preview-cta')).toHaveTextContent('x'.repeat(21));
    await user.click(screen.getByTestId('public-save'));
    expect(
      await screen.findByText('The button title must be at most 20 characters.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(title);
    await user.type(title, 'Say hello');
    await user.click(screen.getByTestId('public-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      public_profile_enabled: true,
      slug: 'adalove',
      cta_button_title: 'Say hello',
      cta_button_url: 'ada.example',
      website: null,
      connections_require_product_id: null,
    });
    // the saved slug offers the public page
    expect(await screen.findByTestId('public-open')).toHaveAttribute('href', '/p/profile/adalove');
  }, 60_000);

  it('without a subscription: the subscription prompt, the extended settings off, no banner', async () => {
    signIn();
    mockApi((url) => {
      if (url === '/api/profile') return json(200, testUser());
      if (url === '/api/user/profile/public') return json(200, settings);
      return undefined;
    });
    await renderApp('/public-account-settings');
    expect(
      await screen.findByTestId('public-subscription-required', {}, { timeout: 20_000 }),
    ).toHaveTextContent('they need a subscription');
    expect(screen.getByTestId('public-cta_button_title')).toBeDisabled();
    expect(screen.getByTestId('public-cta_button_url')).toBeDisabled();
    expect(screen.getByTestId('public-accent_color')).toBeDisabled();
    expect(screen.queryByTestId('public-banner')).toBeNull();
    expect(screen.getByTestId('public-slug')).toBeEnabled();
  }, 60_000);

  it('uploads, shows in the preview and removes the public profile picture (free)', async () => {
    signIn();
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }),
    );
    const picture = {
      id: 5,
      url: '/api/user/photo/5?variant=220w',
      large: '/api/user/photo/5?variant=550w',
    };
    let current: Record<string, unknown> = settings;
    const calls = mockApi((url, init) => {
      if (url === '/api/profile') return json(200, testUser());
      if (url === '/api/user/profile/public' && (init.method ?? 'GET') === 'GET') {
        return json(200, current);
      }
      if (url === '/api/profile/picture/5' && init.method === 'DELETE') {
        current = settings;
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    await renderApp('/public-account-settings');
    const field = await screen.findByTestId('public-picture', {}, { timeout: 20_000 });
    expect(field).toHaveTextContent('A photo at least 200 px high');
    expect(within(field).queryByTestId('public-picture-remove')).toBeNull();
    const input = field.querySelector('input[type="file"]') as HTMLInputElement;
    const user = userEvent.setup();
    await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    // cropped round in the photo editor first; nothing goes up before Save
    expect(await screen.findByTestId('fake-cropper')).toHaveAttribute('data-shape', 'round');
    expect(FakeXhr.sent).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.url).toBe('/api/profile/picture');
    current = { ...settings, picture };
    FakeXhr.sent[0]!.respond(201, attachmentFixture({ id: 5 }));
    expect(await within(field).findByTestId('public-picture-image')).toHaveAttribute(
      'src',
      picture.url,
    );
    expect(await screen.findByTestId('public-preview-picture')).toBeInTheDocument();
    await user.click(within(field).getByTestId('public-picture-remove'));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/profile/picture/5' && c.method === 'DELETE')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(within(field).queryByTestId('public-picture-image')).toBeNull());
  }, 60_000);
});
