import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { loadTestLanguage } from '../test/i18n';
import { PasswordChecklist } from './PasswordChecklist';

const passed = () =>
  ['min8', 'upper', 'lower', 'digit', 'special'].filter((key) => screen.getByTestId(`password-check-${key}`).dataset.passed === 'true');

describe('PasswordChecklist', () => {
  beforeAll(() => loadTestLanguage('en'));

  it('lists the five rules of the spec in order', () => {
    render(<PasswordChecklist password="" />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Min 8 characters',
      'Atleast 1 cap case',
      'Atleast 1 small case',
      'Atleast 1 digit',
      'Atleast 1 special character',
    ]);
    expect(passed()).toEqual([]);
  });

  it('ticks each rule as the password satisfies it', () => {
    const { rerender } = render(<PasswordChecklist password="abc" />);
    expect(passed()).toEqual(['lower']);
    rerender(<PasswordChecklist password="abcDEF12" />);
    expect(passed()).toEqual(['min8', 'upper', 'lower', 'digit']);
    rerender(<PasswordChecklist password="abcDEF12#" />);
    expect(passed()).toEqual(['min8', 'upper', 'lower', 'digit', 'special']);
  });

  it('only counts the special characters of the rule', () => {
    render(<PasswordChecklist password="abcDEF12?" />);
    expect(passed()).not.toContain('special');
  });

  it('speaks Arabic', async () => {
    await loadTestLanguage('ar');
    render(<PasswordChecklist password="" />);
    expect(screen.getByTestId('password-check-min8').textContent).toBe('8 أحرف على الأقل');
    await loadTestLanguage('en');
  });
});
