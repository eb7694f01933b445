import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../../test/render';
import { hasPublicCard, PublicCard, type PublicCardData } from './public-card';

const data: PublicCardData = {
  name: 'Ann Archer',
  description: null,
  phone: null,
  usermail: null,
  address: null,
  website: null,
  linkedin: null,
  accent_color: '#aa3366',
  banner: null,
  public_picture: null,
  picture: '/api/user/photo/3?variant=220w',
  cta_button_title: null,
  cta_button_url: null,
  cta_button_color: null,
  cta_button_font_color: null,
};

describe('the public page header', () => {
  it('shows the account picture when the public profile has none of its own', async () => {
    await renderWidget(<PublicCard data={data} />);
    const picture = screen.getByTestId('public-card-picture');
    expect(picture).toHaveAttribute('data-source', 'account');
    expect(picture.querySelector('img')).toHaveAttribute('src', data.picture);
  });

  it("prefers the public profile's own picture", async () => {
    await renderWidget(
      <PublicCard data={{ ...data, public_picture: '/api/user/photo/9?variant=550w' }} />,
    );
    const picture = screen.getByTestId('public-card-picture');
    expect(picture).toHaveAttribute('data-source', 'public');
    expect(picture.querySelector('img')).toHaveAttribute('src', '/api/user/photo/9?variant=550w');
  });

  it('shows no picture without either, and the account picture alone makes no card', async () => {
    await renderWidget(<PublicCard data={{ ...data, picture: null }} />);
    expect(screen.queryByTestId('public-card-picture')).toBeNull();
    const bare = { ...data, accent_color: null, public_profile_enabled: true };
    expect(hasPublicCard(bare)).toBe(false);
  });

  it('beside the profile header, which shows the account picture, only a public picture of its own', async () => {
    const { unmount } = await renderWidget(<PublicCard data={data} besideAccountPicture />);
    expect(screen.queryByTestId('public-card-picture')).toBeNull();
    unmount();
    await renderWidget(
      <PublicCard
        data={{ ...data, public_picture: '/api/user/photo/9?variant=550w' }}
        besideAccountPicture
      />,
    );
    expect(screen.getByTestId('public-card-picture')).toHaveAttribute('data-source', 'public');
  });
});
