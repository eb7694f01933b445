/** English texts of web push on this device (issue 6). */
export const push = {
  switch: {
    label: 'Push notifications on this device',
    description: 'Notifications appear on this device even when Memoria is closed.',
    unsupported: 'This browser cannot receive push notifications.',
    denied:
      'Notifications are blocked for Memoria in this browser. Allow them in the site settings to turn push on.',
    enabled: 'Push notifications are on for this device.',
    disabled: 'Push notifications are off for this device.',
    elsewhere: 'The Push choices below still apply on your other devices where push is on.',
  },
};
