import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { DateTimePicker, type DateTimeChoice } from './date-time-picker';
import { renderWidget } from '../test/render';

function setup({
  value = null,
  scheduleAllowed = true,
  start = '2030-05-10T14:30:20',
}: { value?: DateTimeChoice | null; scheduleAllowed?: boolean; start?: string } = {}) {
  const clock = { now: dayjs(start) };
  const onSubmit = vi.fn();
  const ui = (
    <DateTimePicker
      opened
      onClose={() => {}}
      onSubmit={onSubmit}
      value={value}
      scheduleAllowed={scheduleAllowed}
      now={() => clock.now}
    />
  );
  return { clock, onSubmit, ui };
}

/** A day button of the shown month, found by its number. */
function dayButton(day: number) {
  const calendar = screen.getByTestId('date-calendar');
  return within(calendar)
    .getAllByRole('button')
    .find((button) => button.textContent === String(day) && !button.hasAttribute('data-outside'))!;
}

describe('date and time picker', { timeout: 20_000 }, () => {
  it('keeps time fields to two digits, clamping out-of-range input', async () => {
    const { ui } = setup();
    await renderWidget(ui);
    const user = userEvent.setup();
    const hours = screen.getByTestId('time-hours');
    const minutes = screen.getByTestId('time-minutes');
    expect(hours).toHaveValue('06');
    expect(minutes).toHaveValue('00');
    await user.clear(hours);
    await user.type(hours, '27');
    expect(hours).toHaveValue('23');
    await user.clear(minutes);
    await user.type(minutes, '75');
    expect(minutes).toHaveValue('59');
    await user.clear(minutes);
    await user.type(minutes, '7');
    await user.tab();
    expect(minutes).toHaveValue('07');
  });

  it('submits an event date with its time', async () => {
    const { ui, onSubmit } = setup();
    await renderWidget(ui);
    const user = userEvent.setup();
    await user.click(dayButton(3));
    await user.clear(screen.getByTestId('time-hours'));
    await user.type(screen.getByTestId('time-hours'), '9');
    await user.click(screen.getByTestId('date-submit'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const choice = onSubmit.mock.calls[0]![0] as DateTimeChoice;
    expect(choice.kind).toBe('event');
    expect(dayjs(choice.at).format('YYYY-MM-DD HH:mm')).toBe('2030-05-03 09:00');
  });

  it('disables scheduling with a hint without the silver rule', async () => {
    const { ui } = setup({ scheduleAllowed: false });
    await renderWidget(ui);
    expect(screen.getByRole('radio', { name: 'Schedule' })).toBeDisabled();
    expect(screen.getByTestId('date-kind-hint')).toHaveTextContent(
      'Scheduling publication needs a Silver subscription.',
    );
  });

  it('for today, moves a schedule time that is not later than now', async () => {
    const { ui, onSubmit } = setup();
    await renderWidget(ui);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Schedule' }));
    await user.click(dayButton(10));
    // 06:00 (the default) is earlier than 14:30:20 today.
    expect(screen.getByTestId('time-hours')).toHaveValue('14');
    expect(screen.getByTestId('time-minutes')).toHaveValue('31');
    await user.click(screen.getByTestId('date-submit'));
    const choice = onSubmit.mock.calls[0]![0] as DateTimeChoice;
    expect(choice.kind).toBe('schedule');
    expect(dayjs(choice.at).format('YYYY-MM-DD HH:mm')).toBe('2030-05-10 14:31');
  });

  it('clamps to 23:59 late in the evening', async () => {
    const { ui } = setup({ start: '2030-05-10T23:59:40' });
    await renderWidget(ui);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Schedule' }));
    await user.click(dayButton(10));
    expect(screen.getByTestId('time-hours')).toHaveValue('23');
    expect(screen.getByTestId('time-minutes')).toHaveValue('59');
  });

  it('refuses a schedule that is no longer in the future', async () => {
    const { ui, onSubmit } = setup({
      value: { kind: 'schedule', at: dayjs('2030-05-09T08:00:00').format() },
    });
    await renderWidget(ui);
    const user = userEvent.setup();
    expect(screen.getByRole('radio', { name: 'Schedule' })).toBeChecked();
    await user.click(screen.getByTestId('date-submit'));
    expect(screen.getByTestId('date-error')).toHaveTextContent(
      'The scheduled date should be in the future',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
