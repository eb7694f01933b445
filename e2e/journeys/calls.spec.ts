import type { Page } from '@playwright/test';
import { grantPlan } from '../support/admin.js';
import { shoot } from '../support/screens.js';
import { expect, test } from '../support/test.js';
import { api, apiCollection, connectMembers, newMember, pageFor } from '../support/members.js';

/**
 * A video call on a collection (docs/notes/calls.md), with Chromium's fake camera and
 * microphone: the owner starts it from the collection, a member joins from theirs, each
 * receives the other's audio and video (getStats); a second member and a visitor with the
 * call link (admitted from the lobby) make four tiles; a stranger is refused; a mute shows
 * on the others' tiles; the owner leaves and the call goes on.
 */

/**
 * The fake camera at a small size: four pages each encode and decode three streams on two
 * shared cores, and at the fake device's default size the pages stop answering clicks.
 */
async function smallCamera(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const devices = navigator.mediaDevices;
    const original = devices.getUserMedia.bind(devices);
    devices.getUserMedia = (constraints) =>
      original(
        constraints?.video
          ? {
              ...constraints,
              video: {
                ...(typeof constraints.video === 'object' ? constraints.video : {}),
                width: 320,
                height: 240,
                frameRate: 15,
              },
            }
          : constraints,
      );
  });
}

/** Keeps the page's peer connections where the journey can read their statistics. */
async function recordPeerConnections(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const Original = window.RTCPeerConnection;
    const all: RTCPeerConnection[] = [];
    (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections = all;
    window.RTCPeerConnection = class extends Original {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        all.push(this);
      }
    };
  });
}

/** Frames decoded and audio packets received, over all the page's connections. */
function received(page: Page): Promise<{ frames: number; packets: number }> {
  return page.evaluate(async () => {
    const all = (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections;
    let frames = 0;
    let packets = 0;
    for (const pc of all) {
      (await pc.getStats()).forEach((report: Record<string, unknown>) => {
        if (report.type !== 'inbound-rtp') return;
        if (report.kind === 'video') frames += Number(report.framesDecoded ?? 0);
        if (report.kind === 'audio') packets += Number(report.packetsReceived ?? 0);
      });
    }
    return { frames, packets };
  });
}

/** Video frames and audio packets keep arriving. */
async function mediaFlowing(page: Page): Promise<void> {
  const before = await received(page);
  await expect
    .poll(async () => {
      const now = await received(page);
      return now.frames > before.frames && now.packets > before.packets;
    })
    .toBe(true);
}

/**
 * Every remote video on the page has decoded frames of its own size. Up to 30 s: with four
 * people on two busy cores, setting up three connections each takes a while.
 */
async function remoteVideosPlaying(page: Page, count: number): Promise<void> {
  await expect(page.getByTestId('call-remote-video')).toHaveCount(count, { timeout: 30_000 });
  await expect
    .poll(
      () =>
        page
          .getByTestId('call-remote-video')
          .evaluateAll(
            (videos) => videos.filter((v) => (v as HTMLVideoElement).videoWidth > 0).length,
          ),
      { timeout: 30_000 },
    )
    .toBe(count);
}

test('members, a third person and an admitted visitor call; a stranger is refused', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [owner, member, third, stranger] = await Promise.all([
    newMember(request, 'Olga Caller'),
    newMember(request, 'Milo Joiner'),
    newMember(request, 'Tess Third'),
    newMember(request, 'Sid Stranger'),
  ]);
  await connectMembers(request, owner, member);
  await connectMembers(request, owner, third);
  await grantPlan(owner.usermail, 'bronze');
  const collection = await apiCollection(request, owner, {
    name: 'Weekly call',
    type: 'selected_contacts',
    users_per_collection: [`/api/user/${member.id}`, `/api/user/${third.id}`],
    user_can_join_call: true,
  });
  const { call_secure_token: token } = await api<{ call_secure_token: string }>(
    request,
    owner,
    'GET',
    `/api/collection/${collection.id}/secure-token`,
  );

  // Everyone's page opens at once, before the call loads the machine.
  const [ownerPage, memberPage, thirdPage, visitorPage] = await Promise.all([
    pageFor(browser, owner),
    pageFor(browser, member),
    pageFor(browser, third),
    pageFor(browser, undefined, { viewport: { width: 375, height: 812 } }),
  ]);
  await Promise.all([
    ...[ownerPage, memberPage, thirdPage, visitorPage].map(smallCamera),
    recordPeerConnections(ownerPage),
    recordPeerConnections(memberPage),
  ]);
  await Promise.all([
    ownerPage.goto(`/collections/${collection.id}`),
    thirdPage.goto(`/meet?collection=${collection.id}`),
    visitorPage.goto(`/joincall?token=${encodeURIComponent(token)}`),
  ]);
  await expect(visitorPage.getByTestId('call-enter')).toBeDisabled();

  // The owner starts the call from the collection page.
  await ownerPage.getByTestId('call-start').click();
  await expect(ownerPage).toHaveURL(/\/meet\?collection=/);
  await expect(ownerPage.getByTestId('call-prejoin').locator('video')).toBeVisible();
  await ownerPage.getByTestId('call-enter').click();
  await expect(ownerPage.getByTestId('call-room')).toBeVisible();
  await expect(ownerPage.getByTestId('call-tile')).toHaveCount(1);

  // A stranger (signed up, not in the collection) is refused.
  await api(request, stranger, 'POST', `/api/collection/${collection.id}/call`, {}, 403);

  // The member sees the call running on the collection and joins; each receives the other.
  await memberPage.goto(`/collections/${collection.id}`);
  await expect(memberPage.getByTestId('call-live')).toBeVisible();
  await memberPage.getByTestId('call-join').click();
  await memberPage.getByTestId('call-enter').click();
  await expect(memberPage.getByTestId('call-tile')).toHaveCount(2);
  await expect(ownerPage.getByTestId('call-tile')).toHaveCount(2);
  await remoteVideosPlaying(memberPage, 1);
  await remoteVideosPlaying(ownerPage, 1);
  await Promise.all([mediaFlowing(ownerPage), mediaFlowing(memberPage)]);

  // At the same time: the third person enters from the call page (opened at the start), and a
  // visitor with the link types a name and waits in the lobby.
  await Promise.all([
    (async () => {
      await thirdPage.getByTestId('call-enter').click();
      await expect(thirdPage.getByTestId('call-tile')).toHaveCount(3);
    })(),
    (async () => {
      await visitorPage.getByTestId('call-name').fill('Vera Visitor');
      await visitorPage.getByTestId('call-enter').click();
      await expect(visitorPage.getByTestId('call-lobby-wait')).toBeVisible();
    })(),
  ]);
  await shoot(visitorPage, 'call-lobby-375');
  await ownerPage.getByRole('button', { name: 'Admit Vera Visitor' }).click();

  // Four tiles everywhere, every remote video playing.
  for (const page of [ownerPage, memberPage, thirdPage, visitorPage]) {
    await expect(page.getByTestId('call-tile')).toHaveCount(4);
  }
  await Promise.all([remoteVideosPlaying(ownerPage, 3), remoteVideosPlaying(visitorPage, 3)]);
  await shoot(ownerPage, 'call-four-1280');
  await shoot(visitorPage, 'call-four-375');

  // The member mutes: the others see it on the member's tile.
  await memberPage.getByTestId('call-mute').click();
  for (const page of [ownerPage, thirdPage, visitorPage]) {
    await expect(
      page
        .getByTestId('call-tile')
        .filter({ hasText: 'Milo Joiner' })
        .getByTestId('call-tile-muted'),
    ).toBeVisible();
  }

  // The owner, who started the call, leaves; it goes on for the other three.
  await ownerPage.getByTestId('call-leave').click();
  await expect(ownerPage.getByTestId('call-ended')).toBeVisible();
  for (const page of [memberPage, thirdPage, visitorPage]) {
    await expect(page.getByTestId('call-tile')).toHaveCount(3);
  }
  await remoteVideosPlaying(thirdPage, 2);
});
